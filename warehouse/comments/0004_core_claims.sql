-- core.claims.status (0004): the review status is not kept on the extracted claim.
COMMENT ON COLUMN core.claims.status IS 'Status at extraction: always pending. The review status (pending, accepted, rejected) is marts.claims_inbox.status, from core.claim_reviews.';
