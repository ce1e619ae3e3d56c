-- Operators and what raising them costs (issue 39): one row per operator with its record as the API serves it
-- (`Operator`, packages/schemas/src/game-operators.ts) in `body`, and the level table (EXP and LMD per elite
-- phase and level, promotion LMD per rarity; `LevelTable`) in the one row of operator_levels. Loaded with the
-- seed and replaced whole on each load; nothing refers to them.
create table operators (
  operator_id  text primary key,
  star         smallint not null check (star between 1 and 6),
  body         jsonb not null
);

create table operator_levels (
  id    smallint primary key check (id = 1),
  body  jsonb not null
);
