-- key: record_id
-- Software releases (NCCL, libfabric, UCX, drivers, ...) by repository over time, latest flagged.
CREATE OR REPLACE VIEW marts.software_releases AS
WITH releases AS (
    SELECT subject AS repo, event AS release, event_date AS released_on, date_precision, description,
           vendor, fabric, source_id, publisher, url, published_on, record_id
    FROM core.events
    WHERE category = 'software_release'
)
SELECT repo, release, released_on, date_precision, description, vendor, fabric,
       row_number() OVER w AS release_number,
       count(*) OVER (PARTITION BY repo) AS releases_in_repo,
       row_number() OVER w = count(*) OVER (PARTITION BY repo) AS is_latest,
       lag(release) OVER w AS previous_release,
       date_diff('day', lag(released_on) OVER w, released_on) AS days_since_previous,
       source_id, publisher, url, published_on, record_id
FROM releases
WINDOW w AS (PARTITION BY repo ORDER BY released_on, release);

COMMENT ON VIEW marts.software_releases IS 'Software releases (events of category software_release) per repository in time order, with the latest release of each repository flagged.';
COMMENT ON COLUMN marts.software_releases.repo IS 'Repository or project (e.g. NVIDIA/nccl).';
COMMENT ON COLUMN marts.software_releases.release IS 'Release name or tag.';
COMMENT ON COLUMN marts.software_releases.released_on IS 'Release date.';
COMMENT ON COLUMN marts.software_releases.date_precision IS 'day, month, quarter, half or year.';
COMMENT ON COLUMN marts.software_releases.description IS 'Release notes summary, when recorded.';
COMMENT ON COLUMN marts.software_releases.vendor IS 'Vendor behind the project.';
COMMENT ON COLUMN marts.software_releases.fabric IS 'Fabric it concerns, when any.';
COMMENT ON COLUMN marts.software_releases.release_number IS 'Position of the release in the repository''s history here, 1 = oldest recorded.';
COMMENT ON COLUMN marts.software_releases.releases_in_repo IS 'Releases recorded for the repository, count.';
COMMENT ON COLUMN marts.software_releases.is_latest IS 'True for the newest recorded release of the repository.';
COMMENT ON COLUMN marts.software_releases.previous_release IS 'The release before it, NULL for the first recorded.';
COMMENT ON COLUMN marts.software_releases.days_since_previous IS 'Days since the previous release.';
COMMENT ON COLUMN marts.software_releases.source_id IS 'Source id.';
COMMENT ON COLUMN marts.software_releases.publisher IS 'Publisher (e.g. GitHub releases of the project).';
COMMENT ON COLUMN marts.software_releases.url IS 'Release page address.';
COMMENT ON COLUMN marts.software_releases.published_on IS 'Document date.';
COMMENT ON COLUMN marts.software_releases.record_id IS 'Event id (core.events.record_id).';
