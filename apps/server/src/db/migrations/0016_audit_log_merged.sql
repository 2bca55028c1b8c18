-- One audit log: the system administration's change log and the open platform's log move into audit_log.
INSERT INTO "audit_log" ("id", "at", "source", "actor_kind", "user_id", "actor", "action", "target", "detail", "ip", "user_agent", "status")
SELECT "id", "at", 'system', 'user', "user_id", "username", "action", "target", "detail", "ip", "user_agent", 200 FROM "admin_audit_log";--> statement-breakpoint
INSERT INTO "audit_log" ("id", "at", "source", "actor_kind", "user_id", "actor", "action", "target", "detail", "ip", "user_agent", "status")
SELECT "id", "at", 'openPlatform', "actor_kind", '', "actor", "action", "target", '{}'::jsonb, "ip", '', "status" FROM "open_audit_log";--> statement-breakpoint
DROP TABLE "admin_audit_log" CASCADE;--> statement-breakpoint
DROP TABLE "open_audit_log" CASCADE;
