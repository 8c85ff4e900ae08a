// Every combining rule by the name the event table uses.

import type { HookCombineRule } from "../events/table.ts";
import { FAN_OUT } from "./fan_out.ts";
import { SERIAL } from "./serial.ts";
import { TWO_STAGE } from "./two_stage.ts";
import type { CombineRule } from "./types.ts";

/** The rule modules, by name. */
export const COMBINE_RULES: Readonly<Record<HookCombineRule, CombineRule>> = Object.freeze({
  "two-stage": TWO_STAGE,
  serial: SERIAL,
  "fan-out": FAN_OUT,
});
