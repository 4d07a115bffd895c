-- 0008: analysts' decisions on extracted claims (sources/curated/claims_review.csv).
CREATE TABLE core.claim_reviews (
    claim_id   VARCHAR PRIMARY KEY,
    decision   VARCHAR NOT NULL,
    decided_on DATE NOT NULL,
    indicator  VARCHAR,
    subject    VARCHAR,
    period     VARCHAR,
    note       VARCHAR
);
COMMENT ON TABLE core.claim_reviews IS 'Review decisions on extracted claims; accepted claims also become curated observations (claims_accepted_observations.csv).';
COMMENT ON COLUMN core.claim_reviews.claim_id IS 'Claim (core.claims.claim_id).';
COMMENT ON COLUMN core.claim_reviews.decision IS 'accepted or rejected.';
COMMENT ON COLUMN core.claim_reviews.decided_on IS 'Date of the decision.';
COMMENT ON COLUMN core.claim_reviews.indicator IS 'Indicator the accepted claim feeds.';
COMMENT ON COLUMN core.claim_reviews.subject IS 'Subject given to the accepted claim.';
COMMENT ON COLUMN core.claim_reviews.period IS 'Period given to the accepted claim.';
COMMENT ON COLUMN core.claim_reviews.note IS 'Reviewer note (the reason, for a rejection).';
