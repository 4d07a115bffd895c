-- Every document address the warehouse cites, with the facts a citation needs: who published it,
-- its title, when, and the carrier when it was not read first-hand. One row per address and
-- original publisher (a relay article can carry several publishers' figures); the newest vintage
-- when several rows describe the same pair. A document that belongs to a published collection (the
-- system-description files of one MLPerf Training round) names it: family, family_title, family_url,
-- so a bibliography cites the round once with its file count. Read by warehouse/citations.py.
WITH cited AS (
    SELECT url, publisher, title, via, published_on,
           NULL::VARCHAR AS family, NULL::VARCHAR AS family_title, NULL::VARCHAR AS family_url
    FROM core.observations WHERE url IS NOT NULL
    UNION ALL
    SELECT url, publisher, title, via, published_on, NULL, NULL, NULL FROM core.events WHERE url IS NOT NULL
    UNION ALL
    SELECT url, publisher, title, via, published_on, NULL, NULL, NULL FROM core.products WHERE url IS NOT NULL
    UNION ALL
    -- MLPerf Training system descriptions: MLCommons' files, one collection per round (repository at its commit)
    SELECT url, coalesce(publisher, 'MLCommons'), title, via, published_on,
           'mlperf_training/' || round,
           'MLPerf Training ' || round || ' results: system descriptions',
           CASE WHEN repository IS NOT NULL AND commit IS NOT NULL
                THEN 'https://github.com/' || repository || '/tree/' || commit END
    FROM core.mlperf_systems WHERE url IS NOT NULL
    UNION ALL
    -- fetched documents (nccl-tests logs, TOP500 lists, pages): publisher from the source registry
    SELECT d.url, s.publisher, coalesce(d.title, s.title), NULL, d.published_on, NULL, NULL, NULL
    FROM raw.documents AS d LEFT JOIN core.sources AS s USING (source_id)
)
SELECT url, publisher,
       arg_max(title, coalesce(published_on, DATE '1900-01-01')) AS title,
       arg_max(via, coalesce(published_on, DATE '1900-01-01')) AS via,
       max(published_on) AS published_on,
       max(family) AS family,
       max(family_title) AS family_title,
       max(family_url) AS family_url
FROM cited
GROUP BY url, publisher
