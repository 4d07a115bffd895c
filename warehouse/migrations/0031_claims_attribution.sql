-- 0031: claims that say whose figure it is (issue 21): the publisher the text attributes a figure to,
-- the page that only carries it, and a controlled subject.
ALTER TABLE core.claims ADD COLUMN via VARCHAR;
ALTER TABLE core.claims ADD COLUMN subject_id VARCHAR;
COMMENT ON COLUMN core.claims.publisher IS 'Who the text attributes the figure to (a research firm, the company for its own results, the analyst consensus); the page''s publisher when the text names nobody.';
COMMENT ON COLUMN core.claims.via IS 'The page''s publisher when it only carries a figure the text attributes to someone else (a newswire or news site relaying IDC); NULL when the page is the publisher.';
COMMENT ON COLUMN core.claims.subject_id IS 'Controlled subject of the claim: an entity id of sources/curated/entities*.csv (the company for its own results, else the market segment), NULL when the text does not tell.';
