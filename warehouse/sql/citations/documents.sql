-- Every document address the warehouse cites, with the facts a citation needs: who published it,
-- its title, when, and the carrier when it was not read first-hand. One row per address and
-- original publisher (a relay article can carry several publishers' figures); the newest vintage
-- when several rows describe the same pair. A document that belongs to a published collection (the
-- system-description files of one MLPerf Training round) names it: family, family_title, family_url,
-- so a bibliography cites the round once with its file count (family_member: the file's path in it, so a
-- file cited under two addresses, its github.com page and its raw download, counts once). Read by warehouse/citations.py.
WITH cited AS (
    SELECT url, publisher, title, via, published_on,
           NULL::VARCHAR AS family, NULL::VARCHAR AS family_title, NULL::VARCHAR AS family_url,
           NULL::VARCHAR AS family_member, false AS from_registry
    FROM core.observations WHERE url IS NOT NULL
    UNION ALL
    SELECT url, publisher, title, via, published_on, NULL, NULL, NULL, NULL, false FROM core.events WHERE url IS NOT NULL
    UNION ALL
    SELECT url, publisher, title, via, published_on, NULL, NULL, NULL, NULL, false FROM core.products WHERE url IS NOT NULL
    UNION ALL
    -- MLPerf Training system descriptions: MLCommons' files, one collection per round (repository at its commit)
    SELECT url, coalesce(publisher, 'MLCommons'), title, via, published_on,
           CASE WHEN repository IS NOT NULL AND commit IS NOT NULL THEN 'mlperf_training/' || round END,
           CASE WHEN repository IS NOT NULL AND commit IS NOT NULL
                THEN 'MLPerf Training ' || round || ' results: system descriptions' END,
           CASE WHEN repository IS NOT NULL AND commit IS NOT NULL
                THEN 'https://github.com/' || repository || '/tree/' || commit END,
           file_path, false
    FROM core.mlperf_systems WHERE url IS NOT NULL
    UNION ALL
    -- fetched documents (nccl-tests logs, TOP500 lists, pages): publisher from the source registry, unless a
    -- record parsed from the document names its original publisher (below); an MLPerf
    -- file fetched from raw.githubusercontent.com/mlcommons/training_results_vX.Y/<commit>/... belongs to its round
    SELECT d.url, s.publisher, coalesce(d.title, s.title), NULL, d.published_on, r.family, r.family_title, r.family_url,
           r.family_member, true
    FROM raw.documents AS d
    LEFT JOIN core.sources AS s USING (source_id)
    LEFT JOIN (
        SELECT url,
               'mlperf_training/' || x.round AS family,
               'MLPerf Training ' || x.round || ' results: system descriptions' AS family_title,
               'https://github.com/mlcommons/training_results_' || x.round || '/tree/' || x.commit AS family_url,
               x.path AS family_member
        FROM (SELECT url, regexp_extract(url, '/mlcommons/training_results_(v[0-9]+\.[0-9]+)/([0-9a-f]{40})/(.+)$',
                                         ['round', 'commit', 'path']) AS x
              FROM raw.documents WHERE source_id = 'mlperf_training')
        WHERE x.round <> ''
    ) AS r USING (url)
),
named AS (SELECT DISTINCT url FROM cited WHERE NOT from_registry)
SELECT url, publisher,
       arg_max(title, coalesce(published_on, DATE '1900-01-01')) FILTER (WHERE title IS NOT NULL) AS title,
       arg_max(via, coalesce(published_on, DATE '1900-01-01')) FILTER (WHERE via IS NOT NULL) AS via,
       max(published_on) AS published_on,
       max(family) AS family,
       max(family_title) AS family_title,
       max(family_url) AS family_url,
       max(family_member) AS family_member
FROM cited
WHERE NOT (from_registry AND url IN (SELECT url FROM named))
GROUP BY url, publisher
