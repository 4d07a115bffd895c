-- $1: a vocabulary dimension (segment, fabric, region, scope, ...): each term's name in English and Chinese
-- (core.vocabulary, from sources/curated/vocabulary/), for a page that shows a term.
SELECT term, name_en, name_zh FROM core.vocabulary WHERE dimension = ?;
