CREATE TYPE "public"."confirmation_outcome" AS ENUM('confirmed', 'no_answer', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('booked', 'in_transit', 'delivered', 'failed', 'returning', 'returned', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'returning' BEFORE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'returned' BEFORE 'cancelled';--> statement-breakpoint
CREATE TABLE "blocked_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"blocked_by_user_id" text,
	"blocked_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_phones_note_length_check" CHECK (char_length("blocked_phones"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "carrier_accounts" (
	"carrier" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"base_url" text NOT NULL,
	"token" text DEFAULT '' NOT NULL,
	"shop_id" text DEFAULT '' NOT NULL,
	"webhook_secret" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_accounts_carrier_check" CHECK ("carrier_accounts"."carrier" in ('ghn', 'ghtk'))
);
--> statement-breakpoint
CREATE TABLE "carrier_master_data" (
	"carrier" text NOT NULL,
	"resource" text NOT NULL,
	"data" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_master_data_carrier_resource_pk" PRIMARY KEY("carrier","resource")
);
--> statement-breakpoint
CREATE TABLE "carrier_ward_map" (
	"carrier" text NOT NULL,
	"address_structure" text NOT NULL,
	"ward_code" text NOT NULL,
	"carrier_province_id" text NOT NULL,
	"carrier_district_id" text NOT NULL,
	"carrier_ward_id" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_ward_map_carrier_address_structure_ward_code_pk" PRIMARY KEY("carrier","address_structure","ward_code")
);
--> statement-breakpoint
CREATE TABLE "cod_remittance_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cod_remittance_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"remittance_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"tracking_code" text NOT NULL,
	"cod_amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"remitted_on" date,
	"shipment_id" uuid,
	"status" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_name" text,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittance_lines_status_check" CHECK ("cod_remittance_lines"."status" in ('matched', 'amount_mismatch', 'unknown_code', 'not_delivered', 'already_remitted')),
	CONSTRAINT "cod_remittance_lines_amounts_check" CHECK ("cod_remittance_lines"."cod_amount" >= 0 and "cod_remittance_lines"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cod_remittances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cod_remittances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier_name" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"file_sha256" text,
	"remitted_on" date,
	"cod_total" bigint DEFAULT 0 NOT NULL,
	"fee_total" bigint DEFAULT 0 NOT NULL,
	"created_by_user_id" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittances_file_sha256_unique" UNIQUE("file_sha256"),
	CONSTRAINT "cod_remittances_source_check" CHECK ("cod_remittances"."source" in ('file', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "order_confirmation_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_confirmation_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"outcome" "confirmation_outcome" NOT NULL,
	"note" text,
	"next_try_at" timestamp with time zone,
	"by_user_id" text,
	"by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_confirmation_attempts_note_length_check" CHECK ("order_confirmation_attempts"."note" is null or char_length("order_confirmation_attempts"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" uuid NOT NULL,
	"status" "shipment_status",
	"carrier_status" text,
	"description" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"external_key" text,
	"by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_events_source_check" CHECK ("shipment_events"."source" in ('staff', 'carrier', 'import'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"carrier_name" text NOT NULL,
	"service" text,
	"tracking_code" text,
	"status" "shipment_status" DEFAULT 'booked' NOT NULL,
	"weight_grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"width_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"cod_amount" bigint NOT NULL,
	"cod_change_reason" text,
	"fee_payer" text DEFAULT 'shop' NOT NULL,
	"carrier_fee" bigint,
	"courier_note" text DEFAULT '' NOT NULL,
	"carrier_data" jsonb,
	"expected_delivery_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_by_user_id" text,
	"created_by_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_carrier_check" CHECK ("shipments"."carrier" in ('manual', 'ghn', 'ghtk')),
	CONSTRAINT "shipments_fee_payer_check" CHECK ("shipments"."fee_payer" in ('shop', 'buyer')),
	CONSTRAINT "shipments_cod_amount_check" CHECK ("shipments"."cod_amount" >= 0),
	CONSTRAINT "shipments_carrier_fee_check" CHECK ("shipments"."carrier_fee" is null or "shipments"."carrier_fee" >= 0),
	CONSTRAINT "shipments_parcel_check" CHECK ("shipments"."weight_grams" > 0 and "shipments"."length_cm" > 0 and "shipments"."width_cm" > 0 and "shipments"."height_cm" > 0),
	CONSTRAINT "shipments_courier_note_length_check" CHECK (char_length("shipments"."courier_note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_height_cm" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_confirmation_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocked_phones" ADD CONSTRAINT "blocked_phones_blocked_by_user_id_user_id_fk" FOREIGN KEY ("blocked_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_confirmation_attempts" ADD CONSTRAINT "order_confirmation_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_confirmation_attempts" ADD CONSTRAINT "order_confirmation_attempts_by_user_id_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_remittance_lines_remittance_idx" ON "cod_remittance_lines" USING btree ("remittance_id","row_number");--> statement-breakpoint
CREATE INDEX "cod_remittance_lines_shipment_idx" ON "cod_remittance_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_lines_paid_shipment_idx" ON "cod_remittance_lines" USING btree ("shipment_id") WHERE "cod_remittance_lines"."status" = 'matched';--> statement-breakpoint
CREATE INDEX "order_confirmation_attempts_order_idx" ON "order_confirmation_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_external_key_idx" ON "shipment_events" USING btree ("shipment_id","external_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_live_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_code_idx" ON "shipments" USING btree (upper("tracking_code")) WHERE "shipments"."tracking_code" is not null and "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone");