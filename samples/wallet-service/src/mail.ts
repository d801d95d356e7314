/**
 * Outgoing mail: SMTP through nodemailer when WALLET_SMTP_URL is set; in dev mode also (or only) the
 * dev mailbox, a table any process of the service can read (GET /dev/mailbox). The log never shows a
 * code or a link.
 */
import type { Db } from '../../shared/db/open';

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The one-time code the mail carries, if any (dev mailbox only). */
  readonly code?: string;
  /** The link the mail carries, if any (dev mailbox only). */
  readonly link?: string;
}

export interface MailboxEntry {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly code: string | null;
  readonly link: string | null;
  readonly sentAt: string;
}

export class MailError extends Error {
  override name = 'MailError';
}

/** How many messages the dev mailbox keeps (oldest dropped). */
export const DEV_MAILBOX_SIZE = 500;

export class Mailer {
  private transport: { sendMail(m: { from: string; to: string; subject: string; text: string }): Promise<unknown>; close(): void } | undefined;

  constructor(
    private readonly db: Db,
    private readonly opts: { smtpUrl: string | null; from: string; devMailbox: boolean },
  ) {}

  get enabled(): boolean {
    return Boolean(this.opts.smtpUrl) || this.opts.devMailbox;
  }

  async send(mail: Mail): Promise<void> {
    if (!this.enabled) throw new MailError('E-mail login is not configured on this wallet service (no mail transport)');
    if (this.opts.devMailbox) {
      await this.db.query(`INSERT INTO dev_mailbox (recipient, subject, body, code, link) VALUES ($1, $2, $3, $4, $5)`, [
        mail.to,
        mail.subject,
        mail.text,
        mail.code ?? null,
        mail.link ?? null,
      ]);
      await this.db.query(`DELETE FROM dev_mailbox WHERE id <= (SELECT max(id) FROM dev_mailbox) - $1`, [DEV_MAILBOX_SIZE]);
    }
    if (this.opts.smtpUrl) {
      if (!this.transport) {
        const { default: nodemailer } = await import('nodemailer');
        this.transport = nodemailer.createTransport(this.opts.smtpUrl);
      }
      try {
        await this.transport.sendMail({ from: this.opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (err) {
        throw new MailError(`could not send the e-mail (${(err as Error).message})`);
      }
    }
  }

  /** The dev mailbox, oldest first (newest last), optionally for one recipient. */
  async mailbox(to?: string, limit = 100): Promise<MailboxEntry[]> {
    const rows = await this.db.query<{ recipient: string; subject: string; body: string; code: string | null; link: string | null; sent_at: Date | string }>(
      `SELECT * FROM (
         SELECT id, recipient, subject, body, code, link, sent_at FROM dev_mailbox
         WHERE ($1::text IS NULL OR recipient = $1) ORDER BY id DESC LIMIT $2
       ) t ORDER BY id ASC`,
      [to ?? null, limit],
    );
    return rows.map((r) => ({ to: r.recipient, subject: r.subject, text: r.body, code: r.code, link: r.link, sentAt: new Date(r.sent_at).toISOString() }));
  }

  close(): void {
    this.transport?.close();
  }
}
