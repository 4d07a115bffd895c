-- Where each product fact came from: catalog rows and spec observations, with evidence, per product_id.
SELECT product_id, 'catalog entry' AS indicator, name AS subject, NULL::DOUBLE AS value, NULL AS unit,
       publisher, title, published_on, url, via, evidence, confidence
FROM core.products
UNION ALL
SELECT product_id, indicator, subject, value, unit, publisher, title, published_on, url, via, evidence, confidence
FROM core.observations
WHERE product_id IS NOT NULL
ORDER BY product_id, indicator;
