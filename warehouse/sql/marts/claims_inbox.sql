-- key: claim_id
-- The claims inbox: every quantitative statement extracted from press releases and news, with its review status.
CREATE OR REPLACE VIEW marts.claims_inbox AS
SELECT c.claim_id,
       coalesce(r.decision, 'pending') AS status,
       c.published_on, c.publisher, c.title, c.url, c.source_id,
       c.value, c.value_qualifier, c.unit, c.period, c.kind, c.subject, c.evidence,
       coalesce(r.indicator, c.indicator) AS indicator,
       c.indicator AS suggested_indicator,
       r.decided_on, r.note AS review_note,
       c.via, c.subject_id
FROM core.claims c
LEFT JOIN core.claim_reviews r USING (claim_id);

COMMENT ON VIEW marts.claims_inbox IS 'Claims inbox: extracted quantitative statements with their review status (pending until an analyst accepts or rejects them with `fabricwatch claims review`).';
COMMENT ON COLUMN marts.claims_inbox.claim_id IS 'Stable id of the claim.';
COMMENT ON COLUMN marts.claims_inbox.status IS 'pending, accepted or rejected.';
COMMENT ON COLUMN marts.claims_inbox.published_on IS 'Date of the page the claim came from.';
COMMENT ON COLUMN marts.claims_inbox.publisher IS 'Who the text attributes the figure to (research firm, the company for its own results, the analyst consensus), else the page''s publisher.';
COMMENT ON COLUMN marts.claims_inbox.title IS 'Page title.';
COMMENT ON COLUMN marts.claims_inbox.url IS 'Page address.';
COMMENT ON COLUMN marts.claims_inbox.source_id IS 'Registry source of the page.';
COMMENT ON COLUMN marts.claims_inbox.value IS 'Value in base units (USD, share 0-1, Gbps, units).';
COMMENT ON COLUMN marts.claims_inbox.value_qualifier IS 'Hedge in the text: > < ~ >= <=, NULL when exact.';
COMMENT ON COLUMN marts.claims_inbox.unit IS 'Unit of value.';
COMMENT ON COLUMN marts.claims_inbox.period IS 'Period or horizon the claim refers to.';
COMMENT ON COLUMN marts.claims_inbox.kind IS 'actual, forecast or estimate.';
COMMENT ON COLUMN marts.claims_inbox.subject IS 'What the claim is about, when it could be told.';
COMMENT ON COLUMN marts.claims_inbox.evidence IS 'The sentence the claim came from.';
COMMENT ON COLUMN marts.claims_inbox.indicator IS 'Indicator: the reviewer''s choice when accepted, else the suggestion.';
COMMENT ON COLUMN marts.claims_inbox.suggested_indicator IS 'Indicator the extractor suggested.';
COMMENT ON COLUMN marts.claims_inbox.decided_on IS 'Date of the review decision, NULL while pending.';
COMMENT ON COLUMN marts.claims_inbox.review_note IS 'Reviewer note (the reason, for a rejection).';
COMMENT ON COLUMN marts.claims_inbox.via IS 'The page''s publisher when it only carries a figure the text attributes to someone else; NULL when the page is the publisher.';
COMMENT ON COLUMN marts.claims_inbox.subject_id IS 'Controlled subject: an entity id (the company for its own results, else the market segment), NULL when the text does not tell.';
