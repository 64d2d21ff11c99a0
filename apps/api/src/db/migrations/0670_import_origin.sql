-- The import that stored a document (issue 12 §4, kill -9 of a worker during an import). A retried import
-- meets what its killed attempt had already stored; with this it counts those documents as its own imports
-- instead of as duplicates. Null for stamped, SAT-downloaded and earlier documents.
ALTER TABLE "cfdis" ADD COLUMN "import_id" uuid;
--> statement-breakpoint
ALTER TABLE "retenciones" ADD COLUMN "import_id" uuid;
