/// The psql script that makes the application's database and role at every start; every
/// statement is idempotent. The role owns the database and everything in its `public`
/// schema (clusters made by older versions had their tables owned by the superuser), and is
/// no superuser.
struct DatabaseSetupScript: Sendable {
    let text: String

    init(database: String, applicationRole: String?) throws {
        for name in [database, applicationRole].compactMap({ $0 }) where !Self.isPlainIdentifier(name) {
            throw EmbeddedPostgresError.fileSystem("'\(name)' is not a plain lower-case name for a database or role")
        }
        guard let role = applicationRole else {
            text = """
                SELECT 'CREATE DATABASE \(database)' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '\(database)') \\gexec

                """
            return
        }
        text = """
            SELECT 'CREATE ROLE \(role) LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(role)') \\gexec
            ALTER ROLE \(role) NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS LOGIN;
            SELECT 'CREATE DATABASE \(database) OWNER \(role)' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '\(database)') \\gexec
            ALTER DATABASE \(database) OWNER TO \(role);
            \\connect \(database)
            DO $$
            DECLARE
                object record;
            BEGIN
                FOR object IN
                    SELECT c.oid::regclass AS name FROM pg_class c
                    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
                      AND pg_get_userbyid(c.relowner) <> '\(role)'
                LOOP
                    EXECUTE format('ALTER TABLE %s OWNER TO \(role)', object.name);
                END LOOP;
                FOR object IN
                    SELECT c.oid::regclass AS name FROM pg_class c
                    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S'
                      AND pg_get_userbyid(c.relowner) <> '\(role)'
                      AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))
                LOOP
                    EXECUTE format('ALTER SEQUENCE %s OWNER TO \(role)', object.name);
                END LOOP;
                FOR object IN
                    SELECT p.oid::regprocedure AS name FROM pg_proc p
                    WHERE p.pronamespace = 'public'::regnamespace AND pg_get_userbyid(p.proowner) <> '\(role)'
                LOOP
                    EXECUTE format('ALTER FUNCTION %s OWNER TO \(role)', object.name);
                END LOOP;
            END
            $$;

            """
    }

    /// Names spliced into the script are ours (constants, test folders' databases): plain
    /// lower-case identifiers, never quoted or escaped.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) || first == "_" else { return false }
        return name.count <= 63 && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
