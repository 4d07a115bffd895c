-- $1: a category, or NULL for all: how many rows of marts.latest_indicators it has.
SELECT count(*) FROM marts.latest_indicators WHERE CAST($1 AS VARCHAR) IS NULL OR category = $1;
