-- One word for the history: the table every write records into is named for what it holds.
ALTER TABLE "audit_events" RENAME TO "history_entries";--> statement-breakpoint
ALTER SEQUENCE "audit_events_id_seq" RENAME TO "history_entries_id_seq";--> statement-breakpoint
ALTER TABLE "history_entries" RENAME CONSTRAINT "audit_events_pkey" TO "history_entries_pkey";--> statement-breakpoint
ALTER INDEX "audit_events_entity_idx" RENAME TO "history_entries_entity_idx";--> statement-breakpoint
ALTER INDEX "audit_events_type_created_idx" RENAME TO "history_entries_type_created_idx";--> statement-breakpoint
ALTER INDEX "audit_events_actor_created_idx" RENAME TO "history_entries_actor_created_idx";--> statement-breakpoint
ALTER INDEX "audit_events_created_idx" RENAME TO "history_entries_created_idx";
