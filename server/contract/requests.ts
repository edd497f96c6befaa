/**
 * The request parts that many calls share, so a declaration names only what is its own.
 * request: ruleRequest(checkRegister, doc) is { body: jsonBody(ruleBody(checkRegister, doc)) }.
 */
import type { Checked, Input } from '../../src/lib/rules/fields.ts'
import { jsonBody } from './index.ts'
import { type field, ruleBody } from './params.ts'

/** A call whose JSON body a rule of src/lib/rules checks (ruleBody): ruleRequest(checkCoupon, couponDoc). */
export const ruleRequest = <T, const Doc extends Record<string, ReturnType<typeof field>>>(
  check: (input: Input) => Checked<T>,
  doc: Doc,
  prepare?: (input: Input) => Input,
) => ({ body: jsonBody(ruleBody(check, doc, prepare)) })
