-- Every document address the warehouse cites, with the facts a citation needs: who published it,
-- its title, when, and the carrier when it was not read first-hand. One row per address and
-- original publisher (a relay article can carry several publishers' figures); the newest vintage
-- when several rows describe the same pair. Read by warehouse/citations.py.
WITH cited AS (
    SELECT url, publisher, title, via, published_on FROM core.observations WHERE url IS NOT NULL
    UNION ALL
    SELECT url, publisher, title, via, published_on FROM core.events WHERE url IS NOT NULL
    UNION ALL
    SELECT url, publisher, title, via, published_on FROM core.products WHERE url IS NOT NULL
    UNION ALL
    -- fetched documents (nccl-tests logs, TOP500 lists, pages): publisher from the source registry
    SELECT d.url, s.publisher, coalesce(d.title, s.title), NULL, d.published_on
    FROM raw.documents AS d LEFT JOIN core.sources AS s USING (source_id)
)
SELECT url, publisher,
       arg_max(title, coalesce(published_on, DATE '1900-01-01')) AS title,
       arg_max(via, coalesce(published_on, DATE '1900-01-01')) AS via,
       max(published_on) AS published_on
FROM cited
GROUP BY url, publisher
