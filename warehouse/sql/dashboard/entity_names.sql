-- Entity id -> name (core.entities), for the titles of the series an analyst picks (never the series key).
SELECT entity_id, name FROM core.entities;
