-- The agents in the order the reports sort them by name (lower-cased under the "C" collation, so
-- PGlite and any PostgreSQL locale agree): the superadmin's Cafe Profit page of a closed week,
-- sorted by agent, walks the agents in this order and stops once its page is full, instead of
-- sorting every cafe of the network.
CREATE INDEX "accounts_username_c_idx" ON "accounts" USING btree (lower("username" COLLATE "C"));
