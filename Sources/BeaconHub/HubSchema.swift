/// One numbered step of the hub's schema. Steps are never edited once released: a change is a new step.
public struct HubMigration: Sendable {
    public var version: Int
    public var name: String
    /// Run in order inside one transaction (the extended protocol takes one statement at a time).
    public var statements: [String]
}

public enum HubSchema {
    /// The key of the advisory lock that serialises migrations across instances (any constant; this one spells
    /// "BEACHUB1" in ASCII so it is recognisable in pg_locks).
    static let migrationLockKey = 0x4245_4143_4855_4231

    public static let migrations: [HubMigration] = [
        HubMigration(version: 1, name: "members, invitations, jobs, photos, marks", statements: [
            """
            CREATE TABLE members (
                id bigserial PRIMARY KEY,
                role text NOT NULL CHECK (role IN ('person', 'volunteer')),
                display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 80),
                languages text[] NOT NULL,
                token_digest bytea NOT NULL UNIQUE,
                blocked boolean NOT NULL DEFAULT false,
                joined_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            """
            CREATE TABLE invitations (
                id bigserial PRIMARY KEY,
                role text NOT NULL CHECK (role IN ('person', 'volunteer')),
                code_digest bytea NOT NULL UNIQUE,
                created_at timestamptz NOT NULL DEFAULT now(),
                expires_at timestamptz NOT NULL,
                redeemed_at timestamptz
            )
            """,
            // photo_count lives on the job row so the 30-photo limit is checked under that row's lock: a count of
            // the photos table would race between instances adding photos at the same moment.
            // last_activity_at is what the sweep measures abandonment by.
            """
            CREATE TABLE jobs (
                id bigserial PRIMARY KEY,
                person_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
                object_name text NOT NULL CHECK (length(object_name) BETWEEN 1 AND 100),
                language text NOT NULL,
                state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'taken', 'closed')),
                taken_by bigint REFERENCES members(id) ON DELETE SET NULL,
                lease_until timestamptz,
                photo_count integer NOT NULL DEFAULT 0,
                created_at timestamptz NOT NULL DEFAULT now(),
                last_activity_at timestamptz NOT NULL DEFAULT now(),
                closed_at timestamptz,
                close_reason text,
                CHECK ((state = 'taken') = (taken_by IS NOT NULL AND lease_until IS NOT NULL))
            )
            """,
            "CREATE INDEX jobs_unclosed ON jobs (state, created_at) WHERE state <> 'closed'",
            """
            CREATE TABLE photos (
                job_id bigint NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
                sequence integer NOT NULL,
                jpeg bytea NOT NULL,
                orientation_heading double precision,
                orientation_pitch double precision,
                orientation_roll double precision,
                taken_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (job_id, sequence)
            )
            """,
            // A mark names its photo by sequence, without a foreign key: photos are deleted when the job closes,
            // the mark (coordinates, no picture) stays with the job.
            """
            CREATE TABLE marks (
                id bigserial PRIMARY KEY,
                job_id bigint NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
                volunteer_id bigint REFERENCES members(id) ON DELETE SET NULL,
                kind text NOT NULL CHECK (kind IN ('point', 'not_in_photo', 'message')),
                photo_sequence integer,
                x double precision CHECK (x BETWEEN 0 AND 1),
                y double precision CHECK (y BETWEEN 0 AND 1),
                message text CHECK (length(message) BETWEEN 1 AND 200),
                created_at timestamptz NOT NULL DEFAULT now(),
                CHECK (CASE kind
                    WHEN 'point' THEN photo_sequence IS NOT NULL AND x IS NOT NULL AND y IS NOT NULL
                    WHEN 'not_in_photo' THEN photo_sequence IS NOT NULL
                    ELSE message IS NOT NULL END)
            )
            """,
        ]),
        HubMigration(version: 2, name: "rate limits shared by every instance", statements: [
            """
            CREATE TABLE rate_events (
                scope text NOT NULL,
                key text NOT NULL,
                at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX rate_events_by_key ON rate_events (scope, key, at)",
        ]),
        // Every change a client may need to hear of is announced on one channel, in the changing transaction (so at
        // its commit, and never for a rolled-back one): each instance listens and pushes it to the clients
        // connected to it (`HubChange`). Triggers rather than a NOTIFY in each statement, so no path that changes a
        // job (a lease running out, a member removed) can forget to announce it. A heartbeat changes none of the
        // announced columns and stays quiet.
        HubMigration(version: 3, name: "changes announced to every instance", statements: [
            """
            CREATE FUNCTION hub_announce_job() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('hub_changes', 'job ' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
                RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER jobs_announced AFTER INSERT OR DELETE OR UPDATE OF state, taken_by, photo_count ON jobs
                FOR EACH ROW EXECUTE FUNCTION hub_announce_job()
            """,
            """
            CREATE FUNCTION hub_announce_mark() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('hub_changes', 'job ' || NEW.job_id);
                RETURN NULL;
            END $$
            """,
            "CREATE TRIGGER marks_announced AFTER INSERT ON marks FOR EACH ROW EXECUTE FUNCTION hub_announce_mark()",
            """
            CREATE FUNCTION hub_announce_member() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('hub_changes', 'member ' || OLD.id);
                RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER members_announced AFTER DELETE OR UPDATE OF blocked ON members
                FOR EACH ROW EXECUTE FUNCTION hub_announce_member()
            """,
        ]),
        // A request for help asked again (its answer was lost: an instance died, the database restarted) carries the
        // same key, so it finds the request the first asking made instead of opening a second one that never gets
        // a photo.
        HubMigration(version: 4, name: "requests for help asked again are not opened twice", statements: [
            "ALTER TABLE jobs ADD COLUMN idempotency_key text CHECK (length(idempotency_key) BETWEEN 1 AND 64)",
            "CREATE UNIQUE INDEX jobs_by_idempotency_key ON jobs (person_id, idempotency_key) WHERE idempotency_key IS NOT NULL",
        ]),
    ]
}
