/**
 * Every line any test's app logs passes through here (support/test-app.ts), at debug level unless
 * the test asks otherwise, and is checked as it is written: no mobile number, ID number, session
 * token, password hash or password the tests sent may appear. log-scan.setup.ts fails a test file
 * whose logs held one. Lines are scanned, not kept: the fuzz suite alone logs hundreds of thousands.
 */
import { Writable } from 'node:stream';

const PATTERNS: Array<[string, RegExp]> = [
  // digits beside a decimal point belong to a number (a response time), as in the logger's own mask
  ['mobile', /(?<![\dA-Za-z])(?<!\d\.)1[3-9]\d{9}(?![\dA-Za-z])(?!\.\d)/],
  ['ID number', /(?<![\dA-Za-z])(?<!\d\.)\d{17}[\dXx](?![\dA-Za-z])(?!\.\d)/],
  // session tokens: 32 random bytes, base64url (accounts/sessions.ts)
  ['token', /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/],
  ['password hash', /\$argon2(id|i|d)\$/],
  // the shape of the suites' generated passwords (support/api.ts strongPassword)
  ['password', /pw-[0-9a-f]{12}-青工/],
];

/** Strings tests sent as credentials or personal data; a line holding one is a finding. */
const secrets = new Set<string>();
const SECRET_FIELDS = new Set(['password', 'oldPassword', 'newPassword', 'token', 'idNumber', 'mobile', 'newMobile', 'contactMobile', 'code', 'secret']);

export const logScan = { lines: 0, findings: [] as string[] };

/** Remembers the credential and personal fields of a request or response body the tests handled. */
export function rememberSecrets(value: unknown, depth = 0): void {
  if (depth > 4 || typeof value !== 'object' || value === null) return;
  for (const [k, v] of Object.entries(value)) {
    if (k === 'smsCode' && typeof v === 'string') rememberSmsCode(v);
    // short values (a code of 6 digits, "1") would match unrelated text
    if (typeof v === 'string' && SECRET_FIELDS.has(k) && v.length >= 8) secrets.add(v);
    else if (typeof v === 'object') rememberSecrets(v, depth + 1);
  }
}

/**
 * SMS verification codes the tests were sent or sent back: six digits are too short to look for as
 * bare text (sizes and counts would match), so a line is searched for them where a code would stand
 * in a leak: as a JSON string ("123456"), or right after a non-ASCII character (…验证码是123456).
 */
const smsCodes = new Set<string>();
const CODE_SPOTS = /"(\d{6})"|(?<=[^\p{ASCII}])(\d{6})(?!\d)/gu;

export function rememberSmsCode(code: string): void {
  if (/^\d{6}$/.test(code.trim())) smsCodes.add(code.trim());
}

export function scanLine(line: string): void {
  logScan.lines++;
  if (smsCodes.size > 0) {
    for (const m of line.matchAll(CODE_SPOTS)) {
      const code = m[1] ?? m[2]!;
      if (smsCodes.has(code)) logScan.findings.push(`an SMS code the tests were sent ("${code.slice(0, 2)}…") in ${line.slice(0, 300)}`);
    }
  }
  for (const [what, re] of PATTERNS) {
    const m = re.exec(line);
    if (m) logScan.findings.push(`${what} "${m[0]}" in ${line.slice(0, 300)}`);
  }
  for (const s of secrets) if (holdsWhole(line, s)) logScan.findings.push(`a value the tests sent ("${s.slice(0, 4)}…") in ${line.slice(0, 300)}`);
}

const WORD = /[\dA-Za-z]/;

/**
 * Whether `line` holds `value` with no letter or digit glued on either side: a mobile the tests
 * sent, 13800000000, is inside a logged response time such as 0.12138000000004467 by chance, and
 * that is not the mobile.
 */
function holdsWhole(line: string, value: string): boolean {
  for (let at = line.indexOf(value); at !== -1; at = line.indexOf(value, at + 1)) {
    const before = line[at - 1];
    const after = line[at + value.length];
    const gluedBefore = before !== undefined && WORD.test(before) && WORD.test(value[0]!);
    const gluedAfter = after !== undefined && WORD.test(after) && WORD.test(value[value.length - 1]!);
    if (!gluedBefore && !gluedAfter) return true;
  }
  return false;
}

/** A log destination that scans every line. */
export function scanningStream(): Writable {
  return new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n')) if (line) scanLine(line);
      cb();
    },
  });
}
