// Test helper: a real SMTP server (the smtp-server package) on loopback that records what it accepts, and can go down.
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

export interface TestSmtp {
  port: number
  url: string
  received: ReceivedMail[]
  /** Stops listening (connections are refused) until start() is called again on the same port. */
  stop: () => Promise<void>
  start: () => Promise<void>
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>
}

interface TestSmtpOptions {
  /** Recipients the server refuses at RCPT TO (550), e.g. one domain, while it takes mail for every other address. */
  rejectRecipient?: (address: string) => boolean
}

export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = []
  let server: SMTPServer | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (options.rejectRecipient?.(address.address)) {
            const err = new Error(`5.1.1 <${address.address}>: Recipient address rejected`) as Error & { responseCode: number }
            err.responseCode = 550
            return callback(err)
          }
          callback()
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            })
            callback()
          })
        },
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        port = (server!.server.address() as { port: number }).port
        resolve()
      })
    })
  await listen()
  const smtp: TestSmtp = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start: listen,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${received.length}`)
        await new Promise((r) => setTimeout(r, 20))
      }
      return received
    },
  }
  return smtp
}

interface ParsedMail {
  headers: Record<string, string>
  subject: string
  text: string
  html: string
  attachments: { filename: string; contentType: string; content: Buffer }[]
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(decodeQpBytes(data.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    )
}

function decodeQpBytes(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (/base64/i.test(encoding ?? '')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/quoted-printable/i.test(encoding ?? '')) return Buffer.from(decodeQpBytes(body), 'latin1').toString('utf8')
  return body
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n')
  const head = at === -1 ? raw : raw.slice(0, at)
  const body = at === -1 ? '' : raw.slice(at + 4)
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim())
  }
  return { headers, body }
}

/** The leaf parts of a message, nested multiparts (an attachment beside the text and HTML) opened. */
function leafParts(part: { headers: Record<string, string>; body: string }): { headers: Record<string, string>; body: string }[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1]
  if (!boundary) return [part]
  return part.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((p) => leafParts(splitPart(p.replace(/^\r\n/, ''))))
}

/** Just enough MIME for assertions: decoded headers, the text/plain and text/html parts, and attachments. */
export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw)
  const mail: ParsedMail = { headers: top.headers, subject: top.headers.subject ?? '', text: '', html: '', attachments: [] }
  for (const part of leafParts(top)) {
    const type = part.headers['content-type'] ?? 'text/plain'
    const filename = /filename="?([^";]+)"?/i.exec(part.headers['content-disposition'] ?? '')?.[1]
    if (filename)
      mail.attachments.push({ filename, contentType: type.split(';')[0]!, content: Buffer.from(part.body.replace(/\s+/g, ''), 'base64') })
    else if (/text\/plain/i.test(type)) mail.text = decodeBody(part.body, part.headers['content-transfer-encoding'])
    else if (/text\/html/i.test(type)) mail.html = decodeBody(part.body, part.headers['content-transfer-encoding'])
  }
  return mail
}
