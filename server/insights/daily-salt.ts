// Unique visitors without an identifier: a hash of address + user agent + a random salt that lives one studio day,
// in memory only. Once the day's salt is replaced no one, this server included, can link a hash to a person again.
import { createHmac, randomBytes } from 'node:crypto'

export class DailySalt {
  private day = ''
  private salt: Buffer = Buffer.alloc(0)

  constructor(private readonly random: (size: number) => Buffer = randomBytes) {}

  /** The visitor's id for `day` (YYYY-MM-DD); a new day draws a new salt and forgets the old one. */
  visitorId(day: string, address: string, userAgent: string): string {
    if (day !== this.day) {
      this.day = day
      this.salt = this.random(32)
    }
    return createHmac('sha256', this.salt).update(address).update('\u0000').update(userAgent).digest('base64url').slice(0, 22)
  }
}
