-- $1: indicator ids (a list): their rows of marts.latest_indicators (the Overview's headline cards pick from these).
SELECT * FROM marts.latest_indicators WHERE list_contains(CAST($1 AS VARCHAR[]), indicator);
