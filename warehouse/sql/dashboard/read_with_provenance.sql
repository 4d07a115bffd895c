-- $1: a relation with a record_id (schema.name): all its rows, each with the provenance of the figure its
-- record_id names (an observation, event or product), as provenance_<column>. dashboard/data.py keeps the
-- ones the relation lacks (PROVENANCE_FROM_OBSERVATIONS), under their own names: every figure can say where
-- it came from.
WITH facts AS (
    SELECT record_id, publisher, title, published_on, published_precision, url, via, evidence, confidence FROM core.observations
    UNION ALL
    SELECT record_id, publisher, title, published_on, published_precision, url, via, evidence, confidence FROM core.events
    UNION ALL
    SELECT record_id, publisher, title, published_on, published_precision, url, via, evidence, confidence FROM core.products
)
SELECT m.*,
       f.publisher AS provenance_publisher, f.title AS provenance_title, f.published_on AS provenance_published_on,
       f.published_precision AS provenance_published_precision,
       f.url AS provenance_url, f.via AS provenance_via, f.evidence AS provenance_evidence,
       f.confidence AS provenance_confidence
FROM query_table(?) m
LEFT JOIN facts f USING (record_id);
