-- Rows of one origin (the named parameter $origin) that lack provenance: a publisher, a title or
-- evidence, and an address or a named carrier (via). Read by quality.provenance_complete.
SELECT 'observation' AS record_type, record_id, indicator AS what FROM core.observations WHERE origin = $origin AND
    (coalesce(publisher, '') = '' OR coalesce(title, '') = '' OR coalesce(evidence, '') = ''
     OR (url IS NULL AND via IS NULL))
UNION ALL
SELECT 'event', record_id, event FROM core.events WHERE origin = $origin AND
    (coalesce(publisher, '') = '' OR coalesce(evidence, '') = '' OR (url IS NULL AND via IS NULL))
UNION ALL
SELECT 'product', record_id, product_id FROM core.products WHERE origin = $origin AND
    (coalesce(publisher, '') = '' OR coalesce(evidence, '') = '' OR (url IS NULL AND via IS NULL))
ORDER BY 1, 2
