// Every combining rule by the name the event table uses.

import type { HookCombineRule } from "../events/table.ts";
import { CHAIN } from "./chain.ts";
import { FAN_OUT } from "./fan_out.ts";
import { FIRST_WINS } from "./first_wins.ts";
import { LAST_WINS } from "./last_wins.ts";
import { NOTIFY } from "./notify.ts";
import { SERIAL } from "./serial.ts";
import { SHORT_CIRCUIT } from "./short_circuit.ts";
import { TWO_STAGE } from "./two_stage.ts";
import type { CombineRule } from "./types.ts";

/** The rule modules, by name. */
export const COMBINE_RULES: Readonly<Record<HookCombineRule, CombineRule>> = Object.freeze({
  "two-stage": TWO_STAGE,
  serial: SERIAL,
  "fan-out": FAN_OUT,
  "short-circuit": SHORT_CIRCUIT,
  chain: CHAIN,
  "first-wins": FIRST_WINS,
  "last-wins": LAST_WINS,
  notify: NOTIFY,
});
