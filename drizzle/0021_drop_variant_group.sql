DROP INDEX "products_variant_group_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "variant_group";