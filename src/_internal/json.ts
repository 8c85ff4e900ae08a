// Small JSON helpers shared by every layer: shape checks and type names for
// messages (never contents: hook output may echo the payload).

/** Whether `value` is a plain object (a JSON object, not an array or class). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  // Fast path: an object literal's constructor is Object (an inline-cached
  // property read); the prototype check settles everything else.
  if ((value as { constructor?: unknown }).constructor === Object) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A short description of a value's type for messages, never its content. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return "a string";
  if (typeof value === "object") return "an object that is not a plain object";
  return `a ${typeof value}`;
}

/** Sets an own property, even one named `__proto__` (JSON text can carry one). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else target[key] = value;
}
