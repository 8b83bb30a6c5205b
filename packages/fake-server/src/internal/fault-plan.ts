import type { Fault, FaultRule } from '../faults.js'

/** The faults armed by a test, consumed by the requests they hit, in the order armed. */
export class FaultPlan {
  private rules: { rule: FaultRule; left: number }[] = []

  /** Arm a fault. */
  add(rule: FaultRule): void {
    this.rules.push({ rule, left: rule.times ?? 1 })
  }

  /** Disarm every fault. */
  clear(): void {
    this.rules = []
  }

  /** The fault for this request, if one is armed for it (and count it as used). */
  take(method: string, path: string): Fault | null {
    const armed = this.rules.find(({ rule, left }) => left > 0 && matches(rule, method, path))
    if (armed == null) return null
    armed.left -= 1
    return armed.rule.fault
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method != null && rule.method.toUpperCase() !== method) return false
  if (rule.path == null) return true
  return typeof rule.path === 'string' ? rule.path === path : rule.path.test(path)
}
