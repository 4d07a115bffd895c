-- Published collective benchmark results (curated ledger, indicator collective_busbw) with their
-- hardware in the note: the model's second calibration input.
SELECT record_id AS obs_id, indicator, subject, value, unit, kind, note, url, publisher, published_on
FROM core.observations_stated
WHERE indicator = ?
ORDER BY record_id;
