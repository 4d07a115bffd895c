-- $1: a category, or NULL for all; $2: how many rows: its newest rows of marts.latest_indicators (by vintage),
-- for a table that shows at most $2 of them.
SELECT * FROM marts.latest_indicators
WHERE CAST($1 AS VARCHAR) IS NULL OR category = $1
ORDER BY published_on DESC NULLS LAST, record_id
LIMIT $2;
