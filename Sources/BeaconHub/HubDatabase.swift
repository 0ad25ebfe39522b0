import BeaconHubProtocol
import Foundation
import Logging
import PostgresNIO

/// How long things last in a hub; the operator's settings.
public struct HubPolicy: Sendable {
    /// A volunteer who does not heartbeat within this time loses the job, which goes back to the queue.
    public var lease: Duration = .seconds(60)
    public var photosPerJob = 30
    public var invitationLifetime: Duration = .seconds(7 * 24 * 3600)
    /// A new job is offered to this many volunteers (who share its language) at first…
    public var waveSize = 3
    /// …and to as many more each time this passes with nobody taking it, as Be My Eyes adds helpers every few
    /// seconds: a request does not ring a whole community at once, yet waits only seconds for the next few.
    public var waveInterval: Duration = .seconds(5)

    public init() {}

    /// How many waves a job posted at `posted` has been offered in by `now` (1 at first): as the offers' query
    /// counts them, so that an instance can tell when the next one comes due.
    public func waves(postedAt posted: Date, now: Date = Date()) -> Int {
        1 + Int(now.timeIntervalSince(posted) / waveInterval.seconds)
    }
}

/// The hub's whole state, in PostgreSQL. Every operation is one statement or one transaction, so any number of hub
/// instances on one database behave as one hub and none keeps state another needs.
///
/// The caller owns the `PostgresClient` and runs it (`client.run()` in a task group) for as long as this is used.
/// Every change a client may need to hear of is announced on one channel (`HubChange`, `listen`), which each
/// instance hears and pushes to its clients.
public struct HubDatabase: Sendable {
    public let client: PostgresClient
    public var policy: HubPolicy
    let logger: Logger

    public init(client: PostgresClient, policy: HubPolicy = HubPolicy(), logger: Logger) {
        self.client = client
        self.policy = policy
        self.logger = logger
    }

    // MARK: Migrations

    /// Applies the migrations this database lacks and returns the versions this call applied.
    ///
    /// Safe when several instances start at once: the transaction first takes an advisory lock, so the others wait
    /// and then find the steps applied. The lock is released by COMMIT or ROLLBACK, never left behind.
    @discardableResult
    public func migrate(_ migrations: [HubMigration] = HubSchema.migrations) async throws -> [Int] {
        try await transaction { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(HubSchema.migrationLockKey))", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var present: Set<Int> = []
            for try await version in try await connection.query("SELECT version FROM schema_migrations", logger: logger)
                .decode(Int.self) {
                present.insert(version)
            }
            var applied: [Int] = []
            for migration in migrations.sorted(by: { $0.version < $1.version }) where !present.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger)
                applied.append(migration.version)
            }
            return applied
        }
    }

    /// The versions recorded in schema_migrations, in order.
    public func appliedMigrations() async throws -> [Int] {
        try await allElements(client.query("SELECT version FROM schema_migrations ORDER BY version", logger: logger)
            .decode(Int.self))
    }

    /// Transactions committed and rolled back in this database since its statistics were reset (a call's statements
    /// commit together; most calls are one): what `beacon bench hub` counts queries a second by.
    public func transactionCount() async throws -> Int {
        try await onlyElement(client.query("""
            SELECT (xact_commit + xact_rollback)::bigint FROM pg_stat_database WHERE datname = current_database()
            """, logger: logger).decode(Int.self))
    }

    /// Where the server keeps its data (`SHOW data_directory`; a superuser's question): for a bench that stops and
    /// starts a database on its own machine.
    public func serverDataDirectory() async throws -> String {
        guard let directory = try await allElements(client.query("SHOW data_directory", logger: logger).decode(String.self)).first else {
            throw HubError.badRequest("The database did not say where its data is.")
        }
        return directory
    }

    // MARK: Invitations and members

    /// Makes a one-time invitation; its code is returned this once and only its digest is stored.
    public func invite(_ role: HubRole) async throws -> HubInvitation {
        let code = HubSecret.invitationCode()
        let digest = HubSecret.digest(HubSecret.normalizedCode(code))
        let rows = try await client.query("""
            INSERT INTO invitations (role, code_digest, expires_at)
            VALUES (\(role.rawValue), \(digest), now() + make_interval(secs => \(policy.invitationLifetime.seconds)))
            RETURNING id, expires_at
            """, logger: logger)
        let (id, expires) = try await onlyElement(rows.decode((Int, Date).self))
        return HubInvitation(id: id, role: role, code: code, expires: expires)
    }

    /// Redeems an invitation: the first to redeem a valid code becomes a member with a fresh token; a used, expired
    /// or unknown code gives nil. One statement, so two instances redeeming the same code at once cannot both win.
    public func redeem(code: String, displayName: String, languages: [String]) async throws -> HubMembership? {
        let name = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...80).contains(name.count) else { throw HubError.badRequest("A display name has 1 to 80 characters.") }
        guard !languages.isEmpty else { throw HubError.badRequest("A member speaks at least one language.") }
        let token = HubSecret.token()
        let rows = try await client.query("""
            WITH used AS (
                UPDATE invitations SET redeemed_at = now()
                WHERE code_digest = \(HubSecret.digest(HubSecret.normalizedCode(code)))
                  AND redeemed_at IS NULL AND expires_at > now()
                RETURNING id, role),
            joined AS (
                INSERT INTO members (role, display_name, languages, token_digest)
                SELECT role, \(name), \(languages), \(HubSecret.digest(token)) FROM used
                RETURNING id, role, display_name, languages, blocked, joined_at)
            SELECT id, role, display_name, languages, blocked, joined_at FROM joined
            """, logger: logger)
        guard let member = try await firstElement(rows.decode((Int, String, String, [String], Bool, Date).self)).map(Self.member)
        else { return nil }
        return HubMembership(member: member, token: token)
    }

    /// The member a token belongs to; nil when the token is unknown or the member is blocked.
    public func authenticate(token: String) async throws -> HubMember? {
        let rows = try await client.query("""
            SELECT id, role, display_name, languages, blocked, joined_at FROM members
            WHERE token_digest = \(HubSecret.digest(token)) AND NOT blocked
            """, logger: logger)
        return try await firstElement(rows.decode((Int, String, String, [String], Bool, Date).self)).map(Self.member)
    }

    public func members() async throws -> [HubMember] {
        let rows = try await client.query(
            "SELECT id, role, display_name, languages, blocked, joined_at FROM members ORDER BY id", logger: logger)
        return try await allElements(rows.decode((Int, String, String, [String], Bool, Date).self)).map(Self.member)
    }

    /// Blocks (or unblocks) a member. A blocked volunteer's jobs go back to the queue in the same transaction, so
    /// they see no more of a person's photos. Returns false when there is no such member.
    @discardableResult
    public func setBlocked(_ blocked: Bool, member id: Int) async throws -> Bool {
        try await transaction { connection in
            let found = try await connection.query(
                "UPDATE members SET blocked = \(blocked) WHERE id = \(id) RETURNING id", logger: logger)
                .decode(Int.self).exists()
            if found && blocked { _ = try await reopenJobs(takenBy: id, on: connection) }
            return found
        }
    }

    /// Removes a member: a volunteer's jobs go back to the queue, a person's jobs and photos are deleted.
    @discardableResult
    public func remove(member id: Int) async throws -> Bool {
        try await transaction { connection in
            _ = try await reopenJobs(takenBy: id, on: connection)
            return try await connection.query("DELETE FROM members WHERE id = \(id) RETURNING id", logger: logger)
                .decode(Int.self).exists()
        }
    }

    private func reopenJobs(takenBy volunteer: Int, on connection: PostgresConnection) async throws -> [Int] {
        try await allElements(connection.query("""
            UPDATE jobs SET state = 'open', taken_by = NULL, lease_until = NULL
            WHERE taken_by = \(volunteer) AND state = 'taken' RETURNING id
            """, logger: logger).decode(Int.self))
    }

    // MARK: Jobs

    /// Opens a job for a person who is a member and not blocked.
    public func postJob(person: Int, objectName: String, language: String) async throws -> HubJob {
        guard let job = try await insertJob(person: person, objectName: objectName, language: language, key: nil) else {
            throw HubError.badRequest("Only a person who is a member and not blocked can ask for help.")
        }
        return job
    }

    /// The same, asked with an idempotency key: a job this person opened with the same key is returned instead
    /// (`created` false) and nothing is opened, since the asking was repeated because its answer was lost. Two
    /// instances given the same key at once open one job (a unique index decides, and the insert that loses finds
    /// the winner's job).
    public func postJob(person: Int, objectName: String, language: String,
                        key: String) async throws -> (job: HubJob, created: Bool) {
        if let job = try await insertJob(person: person, objectName: objectName, language: language, key: key) {
            return (job, true)
        }
        if let earlier = try await job(person: person, key: key) { return (earlier, false) }
        throw HubError.badRequest("Only a person who is a member and not blocked can ask for help.")
    }

    private func insertJob(person: Int, objectName: String, language: String, key: String?) async throws -> HubJob? {
        let name = objectName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(name.count) else { throw HubError.badRequest("An object's name has 1 to 100 characters.") }
        let rows = try await client.query("""
            INSERT INTO jobs (person_id, object_name, language, idempotency_key)
            SELECT id, \(name), \(language), \(key) FROM members WHERE id = \(person) AND role = 'person' AND NOT blocked
            ON CONFLICT (person_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
            RETURNING \(unescaped: Self.jobColumns)
            """, logger: logger)
        return try await firstElement(rows.decode(JobRow.self)).map(Self.job)
    }

    /// The job `person` opened with idempotency key `key`, if any.
    public func job(person: Int, key: String) async throws -> HubJob? {
        try await firstElement(client.query("""
            SELECT \(unescaped: Self.jobColumns) FROM jobs WHERE person_id = \(person) AND idempotency_key = \(key)
            """, logger: logger).decode(JobRow.self)).map(Self.job)
    }

    public func job(_ id: Int) async throws -> HubJob? {
        try await firstElement(client.query("SELECT \(unescaped: Self.jobColumns) FROM jobs WHERE id = \(id)", logger: logger)
            .decode(JobRow.self)).map(Self.job)
    }

    /// Adds the person's newest photo to their open job and returns its sequence number (from 1).
    ///
    /// The limit is checked by the UPDATE that bumps photo_count: PostgreSQL re-checks its WHERE on the newest row
    /// after waiting for another instance's concurrent update, so the 31st photo is refused even in a race.
    public func addPhoto(job id: Int, person: Int, jpeg: Data, orientation: DeviceOrientation? = nil) async throws -> Int {
        let rows = try await client.query("""
            WITH counted AS (
                UPDATE jobs SET photo_count = photo_count + 1, last_activity_at = now()
                WHERE id = \(id) AND person_id = \(person) AND state <> 'closed' AND photo_count < \(policy.photosPerJob)
                RETURNING id, photo_count),
            stored AS (
                INSERT INTO photos (job_id, sequence, jpeg, orientation_heading, orientation_pitch, orientation_roll)
                SELECT id, photo_count, \(jpeg), \(orientation?.heading), \(orientation?.pitch), \(orientation?.roll)
                FROM counted RETURNING sequence)
            SELECT sequence FROM stored
            """, logger: logger)
        if let sequence = try await firstElement(rows.decode(Int.self)) { return sequence }
        // Refused: say why (a read after the fact, only to choose the message).
        if let job = try await job(id), job.personID == person, job.state != .closed {
            throw HubError.photoLimitReached(job: id, limit: policy.photosPerJob)
        }
        throw HubError.jobNotAvailable(id)
    }

    /// A job's photos, in order; the person's own, or the volunteer's who holds the job, else none.
    public func photos(job id: Int, member: Int) async throws -> [HubPhoto] {
        let rows = try await client.query("""
            SELECT p.job_id, p.sequence, p.jpeg, p.orientation_heading, p.orientation_pitch, p.orientation_roll, p.taken_at
            FROM photos p JOIN jobs j ON j.id = p.job_id
            WHERE p.job_id = \(id) AND j.state <> 'closed'
              AND (j.person_id = \(member) OR (j.state = 'taken' AND j.taken_by = \(member)))
            ORDER BY p.sequence
            """, logger: logger)
        return try await allElements(rows.decode((Int, Int, Data, Double?, Double?, Double?, Date).self)).map(Self.photo)
    }

    private static func photo(_ row: (Int, Int, Data, Double?, Double?, Double?, Date)) -> HubPhoto {
        let orientation = row.3.flatMap { heading in
            row.4.flatMap { pitch in row.5.map { DeviceOrientation(heading: heading, pitch: pitch, roll: $0) } }
        }
        return HubPhoto(jobID: row.0, sequence: row.1, jpeg: row.2, orientation: orientation, taken: row.6)
    }

    /// One photo of a job, for its person or the volunteer holding the job; nil otherwise (or when there is none).
    public func photo(job id: Int, sequence: Int, member: Int) async throws -> HubPhoto? {
        let rows = try await client.query("""
            SELECT p.job_id, p.sequence, p.jpeg, p.orientation_heading, p.orientation_pitch, p.orientation_roll, p.taken_at
            FROM photos p JOIN jobs j ON j.id = p.job_id
            WHERE p.job_id = \(id) AND p.sequence = \(sequence) AND j.state <> 'closed'
              AND (j.person_id = \(member) OR (j.state = 'taken' AND j.taken_by = \(member)))
            """, logger: logger)
        return try await firstElement(rows.decode((Int, Int, Data, Double?, Double?, Double?, Date).self)).map(Self.photo)
    }

    /// The number of photos the database holds for a job (for tests and the operator; whoever asks).
    public func storedPhotoCount(job id: Int) async throws -> Int {
        try await onlyElement(client.query("SELECT count(*)::bigint FROM photos WHERE job_id = \(id)", logger: logger)
            .decode(Int.self))
    }

    /// The open jobs a volunteer may take: in a language they speak, from people who are not blocked, oldest first,
    /// those with a photo to look at before those still waiting for their first (a request whose asking was cut off
    /// and asked again, as when the database restarted, never gets one, and must not hide the ones that did).
    /// Empty for a blocked member or one who is not a volunteer.
    ///
    /// Offered in waves (`HubPolicy.waveSize`, `waveInterval`): each job orders the volunteers who could take it by
    /// a hash of the job's and the volunteer's ids — a different order for every job, so the same few are not always
    /// first — and a volunteer sees the job once the waves so far reach their place in that order. The volunteers
    /// ahead are counted only up to the waves so far (LIMIT): most of a large community is far behind, and counting
    /// all of them for every open job made each read cost jobs × volunteers hashes (2,000 volunteers and 100 open
    /// jobs: half a second a read).
    public func offers(volunteer: Int, limit: Int = 10) async throws -> [HubJob] {
        let rows = try await client.query("""
            SELECT \(unescaped: Self.jobColumns(prefix: "j.")) FROM jobs j
            JOIN members v ON v.id = \(volunteer) AND v.role = 'volunteer' AND NOT v.blocked
            JOIN members p ON p.id = j.person_id AND NOT p.blocked
            WHERE j.state = 'open' AND j.language = ANY (v.languages)
              AND (SELECT count(*) FROM (
                       SELECT 1 FROM members w
                       WHERE w.role = 'volunteer' AND NOT w.blocked AND j.language = ANY (w.languages)
                         AND md5(j.id || ':' || w.id) < md5(j.id || ':' || v.id)
                       LIMIT (\(policy.waveSize) * (1 + floor(EXTRACT(EPOCH FROM now() - j.created_at)
                                                             / \(policy.waveInterval.seconds))))::bigint) ahead)
                  < \(policy.waveSize) * (1 + floor(EXTRACT(EPOCH FROM now() - j.created_at)
                                                    / \(policy.waveInterval.seconds)))
            ORDER BY EXISTS (SELECT 1 FROM photos ph WHERE ph.job_id = j.id) DESC, j.created_at, j.id LIMIT \(limit)
            """, logger: logger)
        return try await allElements(rows.decode(JobRow.self)).map(Self.job)
    }

    /// Takes a job for a volunteer with a lease; nil when someone else was first (or the job is not theirs to take).
    ///
    /// One UPDATE: of two instances taking at once, the second waits for the first's row lock, re-checks
    /// `state = 'open'` on the row the first committed, and matches nothing. A job whose lease ran out counts as open,
    /// so it can be taken again even before `expireLeases` has run. The volunteer who holds it may take it again (the
    /// answer to the first taking was lost with an instance): that renews the lease and answers the job.
    public func take(job id: Int, volunteer: Int) async throws -> HubJob? {
        let rows = try await client.query("""
            WITH taken AS (
                UPDATE jobs j SET state = 'taken', taken_by = v.id, last_activity_at = now(),
                    lease_until = now() + make_interval(secs => \(policy.lease.seconds))
                FROM members v, members p
                WHERE j.id = \(id)
                  AND (j.state = 'open' OR (j.state = 'taken' AND (j.lease_until < now() OR j.taken_by = \(volunteer))))
                  AND v.id = \(volunteer) AND v.role = 'volunteer' AND NOT v.blocked AND j.language = ANY (v.languages)
                  AND p.id = j.person_id AND NOT p.blocked
                RETURNING j.*)
            SELECT \(unescaped: Self.jobColumns) FROM taken
            """, logger: logger)
        return try await firstElement(rows.decode(JobRow.self)).map(Self.job)
    }

    /// Renews the volunteer's lease; false when the job is no longer theirs (closed, or the lease ran out).
    public func heartbeat(job id: Int, volunteer: Int) async throws -> Bool {
        try await client.query("""
            UPDATE jobs SET lease_until = now() + make_interval(secs => \(policy.lease.seconds)), last_activity_at = now()
            WHERE id = \(id) AND state = 'taken' AND taken_by = \(volunteer) AND lease_until >= now()
            RETURNING id
            """, logger: logger).decode(Int.self).exists()
    }

    /// Puts back in the queue the jobs whose volunteer stopped heartbeating; returns their ids. Any instance may run
    /// it at any time; each expired job is reopened once.
    @discardableResult
    public func expireLeases() async throws -> [Int] {
        try await allElements(client.query("""
            UPDATE jobs SET state = 'open', taken_by = NULL, lease_until = NULL
            WHERE state = 'taken' AND lease_until < now() RETURNING id
            """, logger: logger).decode(Int.self)).sorted()
    }

    /// Records the volunteer's mark on the job they hold.
    public func mark(job id: Int, volunteer: Int, _ kind: HubMarkKind) async throws -> HubMark {
        let (kindName, photo, x, y, message): (String, Int?, Double?, Double?, String?)
        switch kind {
        case .point(let p, let px, let py):
            guard (0...1).contains(px), (0...1).contains(py) else { throw HubError.markRefused("x and y lie in 0…1") }
            (kindName, photo, x, y, message) = ("point", p, px, py, nil)
        case .notInPhoto(let p):
            (kindName, photo, x, y, message) = ("not_in_photo", p, nil, nil, nil)
        case .message(let text):
            let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard (1...200).contains(text.count) else { throw HubError.markRefused("a message has 1 to 200 characters") }
            (kindName, photo, x, y, message) = ("message", nil, nil, nil, text)
        }
        let rows = try await client.query("""
            WITH marked AS (
                INSERT INTO marks (job_id, volunteer_id, kind, photo_sequence, x, y, message)
                SELECT j.id, \(volunteer), \(kindName), \(photo), \(x), \(y), \(message) FROM jobs j
                WHERE j.id = \(id) AND j.state = 'taken' AND j.taken_by = \(volunteer) AND j.lease_until >= now()
                  AND (\(photo)::integer IS NULL
                       OR EXISTS (SELECT 1 FROM photos WHERE job_id = j.id AND sequence = \(photo)))
                RETURNING id, created_at)
            SELECT id, created_at FROM marked
            """, logger: logger)
        guard let (markID, created) = try await firstElement(rows.decode((Int, Date).self)) else {
            throw HubError.markRefused("the job is not held by this volunteer, or has no such photo")
        }
        return HubMark(id: markID, jobID: id, volunteerID: volunteer, kind: kind, created: created)
    }

    /// The marks made on a job, oldest first, for its person or the volunteer who holds it.
    public func marks(job id: Int) async throws -> [HubMark] {
        let rows = try await client.query("""
            SELECT id, job_id, volunteer_id, kind, photo_sequence, x, y, message, created_at FROM marks
            WHERE job_id = \(id) ORDER BY id
            """, logger: logger)
        return try await allElements(rows.decode((Int, Int, Int?, String, Int?, Double?, Double?, String?, Date).self))
            .compactMap { row in
                let kind: HubMarkKind
                switch (row.3, row.4, row.5, row.6, row.7) {
                case ("point", let photo?, let x?, let y?, _): kind = .point(photo: photo, x: x, y: y)
                case ("not_in_photo", let photo?, _, _, _): kind = .notInPhoto(photo: photo)
                case ("message", _, _, _, let text?): kind = .message(text)
                default: return nil
                }
                return HubMark(id: row.0, jobID: row.1, volunteerID: row.2 ?? 0, kind: kind, created: row.8)
            }
    }

    /// Closes a job, by its person or the volunteer holding it, and deletes its photos in the same transaction.
    /// Returns false when it was already closed or is not theirs.
    @discardableResult
    public func close(job id: Int, by member: Int, reason: String = "done") async throws -> Bool {
        try await transaction { connection in
            // Two statements, not one with a data-modifying CTE: the UPDATE waits for an instance adding a photo
            // (it locks the job row), and only the DELETE's fresh snapshot then sees that photo.
            let closed = try await connection.query("""
                UPDATE jobs SET state = 'closed', closed_at = now(), close_reason = \(reason), taken_by = NULL,
                    lease_until = NULL
                WHERE id = \(id) AND state <> 'closed'
                  AND (person_id = \(member) OR (state = 'taken' AND taken_by = \(member)))
                RETURNING id
                """, logger: logger).decode(Int.self).exists()
            guard closed else { return false }
            try await connection.query("DELETE FROM photos WHERE job_id = \(id)", logger: logger)
            return true
        }
    }

    /// Closes the jobs nobody has touched for longer than `retention` (a person who vanished) and deletes their
    /// photos, in one transaction; returns the closed jobs' ids. Jobs closed longer ago than `retention` are deleted
    /// with their marks and messages: nothing a person asked stays longer than the operator's retention. Any instance
    /// may run it; each job is closed once.
    @discardableResult
    public func sweep(retention: Duration) async throws -> [Int] {
        try await transaction { connection in
            try await connection.query("""
                DELETE FROM jobs WHERE state = 'closed' AND closed_at < now() - make_interval(secs => \(retention.seconds))
                """, logger: logger)
            let closed = try await allElements(connection.query("""
                UPDATE jobs SET state = 'closed', closed_at = now(), close_reason = 'abandoned', taken_by = NULL,
                    lease_until = NULL
                WHERE state <> 'closed' AND last_activity_at < now() - make_interval(secs => \(retention.seconds))
                RETURNING id
                """, logger: logger).decode(Int.self)).sorted()
            guard !closed.isEmpty else { return [] }
            try await connection.query("DELETE FROM photos WHERE job_id = ANY (\(closed))", logger: logger)
            return closed
        }
    }

    // MARK: Helpers

    typealias JobRow = (Int, Int, String, String, String, Int?, Date?, Date, Date?, Int)

    static let jobColumns = jobColumns(prefix: "")

    static func jobColumns(prefix p: String) -> String {
        ["id", "person_id", "object_name", "language", "state", "taken_by", "lease_until", "created_at",
         "closed_at", "photo_count"].map { p + $0 }.joined(separator: ", ")
    }

    static func job(_ row: JobRow) -> HubJob {
        HubJob(id: row.0, personID: row.1, objectName: row.2, language: row.3, state: HubJobState(rawValue: row.4) ?? .closed,
               takenBy: row.5, leaseUntil: row.6, created: row.7, closed: row.8, photoCount: row.9)
    }

    static func member(_ row: (Int, String, String, [String], Bool, Date)) -> HubMember {
        HubMember(id: row.0, role: HubRole(rawValue: row.1) ?? .person, displayName: row.2, languages: row.3,
                  blocked: row.4, joined: row.5)
    }

    /// Runs `body` in a transaction and rethrows the body's own error rather than PostgresNIO's wrapper.
    func transaction<Result>(_ body: (PostgresConnection) async throws -> sending Result) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger, body)
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.beginError ?? error.commitError ?? error
        }
    }
}

extension Duration {
    /// Whole and fractional seconds, as make_interval(secs => …) takes them.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

func allElements<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
    var values: [S.Element] = []
    for try await value in sequence { values.append(value) }
    return values
}

func firstElement<S: AsyncSequence>(_ sequence: S) async throws -> S.Element? {
    var values = try await allElements(sequence)
    return values.isEmpty ? nil : values.removeFirst()
}

extension AsyncSequence {
    /// Whether the sequence has any element; reads it to the end so a pooled connection is handed back.
    func exists() async throws -> Bool { try await !BeaconHub.allElements(self).isEmpty }
}

func onlyElement<S: AsyncSequence>(_ sequence: S) async throws -> S.Element {
    guard let value = try await firstElement(sequence) else { throw HubError.badRequest("The database returned no row.") }
    return value
}

extension HubDatabase {
    /// Runs `body` with a hub database on its own connection pool, the pool running for exactly as long as `body`
    /// (the way a command uses the hub: open, act, close).
    public static func withDatabase<Value: Sendable>(
        at address: HubDatabaseAddress, policy: HubPolicy = HubPolicy(), logger: Logger,
        _ body: @escaping @Sendable (HubDatabase) async throws -> Value
    ) async throws -> Value {
        let client = PostgresClient(configuration: address.clientConfiguration, backgroundLogger: logger)
        let database = HubDatabase(client: client, policy: policy, logger: logger)
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask {
                await client.run()
                return nil
            }
            group.addTask { try await body(database) }
            defer { group.cancelAll() }
            while let result = try await group.next() {
                if let value = result { return value }
            }
            throw CancellationError()
        }
    }
}

/// How often something may happen: `count` times in `window`.
public struct HubRate: Sendable, Equatable {
    public var count: Int
    public var window: Duration

    public init(count: Int, window: Duration) {
        self.count = count
        self.window = window
    }
}

extension HubDatabase {
    /// Counts one `scope` event for `key` (an address, a member) if fewer than `rate.count` happened in the last
    /// `rate.window`, and says whether it was allowed; when not, how many seconds until one is. The count lives in
    /// the database, so a client cannot get around a limit by reaching another instance; an advisory lock on the key
    /// makes two instances counting at once take turns.
    public func allow(_ scope: String, key: String, rate: HubRate) async throws -> (allowed: Bool, retryAfter: Int) {
        try await transaction { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(scope + "/" + key)))", logger: logger)
            try await connection.query("""
                DELETE FROM rate_events WHERE scope = \(scope) AND key = \(key)
                  AND at < now() - make_interval(secs => \(rate.window.seconds))
                """, logger: logger)
            let (count, oldestAge) = try await onlyElement(connection.query("""
                SELECT count(*)::bigint, COALESCE(EXTRACT(EPOCH FROM now() - min(at)), 0)::double precision
                FROM rate_events WHERE scope = \(scope) AND key = \(key)
                """, logger: logger).decode((Int, Double).self))
            guard count < rate.count else {
                return (false, max(1, Int((rate.window.seconds - oldestAge).rounded(.up))))
            }
            try await connection.query("INSERT INTO rate_events (scope, key) VALUES (\(scope), \(key))", logger: logger)
            return (true, 0)
        }
    }
}

extension HubDatabase {
    /// Forgets rate-limit events older than `age` (longer than any limit's window).
    public func pruneRateEvents(olderThan age: Duration) async throws {
        try await client.query("DELETE FROM rate_events WHERE at < now() - make_interval(secs => \(age.seconds))",
                               logger: logger)
    }
}
