/**
 * The gateway's memo of calls that run nothing: what a load read, kept
 * with the answer of an event no hook is configured for, so that the next
 * call of that event is answered without loading again while every read
 * finds the same (see memo.ts).
 *
 * @module
 */

export {
  MAX_MEMO_READS,
  MAX_MEMOS,
  memoAvailable,
  type MemoCall,
  memoCall,
  memoWords,
  NOTHING_ANSWER,
  remember,
  rememberedAnswer,
} from "./memo.ts";
