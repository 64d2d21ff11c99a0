-- Plans, cards and subscriptions (issue 14): the provider's customer per account, the subscription mirror,
-- the payments history, processed webhook events (idempotency) and stamp orders paid by card.
CREATE TABLE pay_customers (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  customer_id varchar(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX pay_customers_customer_uq ON pay_customers (customer_id);
--> statement-breakpoint
CREATE TABLE pay_subscriptions (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  subscription_id varchar(64) NOT NULL,
  status varchar(32) NOT NULL,
  price_id varchar(100) NOT NULL,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE pay_payments (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_ref varchar(140) NOT NULL,
  kind varchar(16) NOT NULL,
  amount numeric(14,2) NOT NULL,
  description text NOT NULL,
  status integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX pay_payments_ref_uq ON pay_payments (provider_ref);
--> statement-breakpoint
CREATE INDEX pay_payments_user_idx ON pay_payments (user_id, id);
--> statement-breakpoint
CREATE TABLE pay_webhook_events (
  event_id varchar(100) PRIMARY KEY,
  type varchar(64) NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE pay_stamp_orders (
  payment_intent_id varchar(100) PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  paquete varchar(8) NOT NULL,
  credited boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
