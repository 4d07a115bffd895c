-- $1: a category, or NULL for all: its rows of marts.latest_indicators, in the mart's order.
SELECT * FROM marts.latest_indicators WHERE CAST($1 AS VARCHAR) IS NULL OR category = $1;
