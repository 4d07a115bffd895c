-- Observed specs that override the model's shipped catalog: exact (unhedged) spec figures of
-- fields whose meaning is the same in the warehouse and in the catalog, newest document first.
SELECT product_id, indicator AS field, value, publisher || ': ' || title AS source, url, published_on
FROM (
    SELECT *, row_number() OVER (PARTITION BY product_id, indicator
                                 ORDER BY published_on DESC NULLS LAST, record_id) AS newest
    FROM core.observations_stated
    WHERE kind = 'spec' AND value_qualifier IS NULL AND product_id IS NOT NULL
      AND indicator IN ('port_latency_ns', 'switch_capacity_tbps', 'serdes_gbps')
)
WHERE newest = 1
ORDER BY product_id, field;
