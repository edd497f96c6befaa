/**
 * Text messages to phones. The real gateway (Aliyun, Tencent Cloud …) is one more implementation
 * of this interface; the sms_codes table stays the outbox either way.
 */
export interface SmsProvider {
  send(tel: string, text: string): Promise<void>
}

/** Development and tests: the message goes to the server log, where the developer reads the code. */
export const logSms: SmsProvider = {
  async send(tel, text) {
    console.log(`[sms] ${tel}: ${text}`)
  },
}
