import { dayWriter, notificationText } from '@shared/records/notificationWords';
import type { Notification } from '@shared/wire';
import { createTransport, type Transporter } from 'nodemailer';
import { isLocale } from '@shared/i18n/locales';
import type { Engine } from '../db/engine/engine';
import { newId } from '../db/ids';
import { TenantDb } from '../db/tenantDb';
import type { Commits } from '../db/engine/groupCommit';
import type { Clock } from '../system/clock';
import { claimDueMail, markMailFailed, markMailSent, notificationsToMail, queueMail } from './mailStore';
import { formatIn } from '../i18n/language';
import { notificationLetter } from './templates';
import { addSetting, readSetting } from '../system/settingsStore';

/** How mail leaves: an SMTP server's URL (`smtp://user:pass@host:587`) and the sender's address. */
export interface MailOptions {
  smtpUrl: string;
  from: string;
}

export interface Mail {
  /** One per event: a second mail for the same key is never queued. */
  eventKey: string;
  to: string;
  subject: string;
  text: string;
}

// A claim outlasts the sending of its batch at the transport's longest (10 + 10 + 30 s a mail), so
// no other instance takes a mail still being sent.
const LEASE_MS = 5 * 60_000;
const BATCH = 5;
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const POLL_MS = 5_000;
const SWEEP_MS = 1_000;
/** How far back a notification is still mailed: one made while the service was down, not last week's. */
const NOTIFICATION_WINDOW_MS = 6 * 3_600_000;
/** 1, 2, 4 … minutes between attempts, at most an hour. */
const backoff = (attempts: number) => Math.min(60, 2 ** (attempts - 1)) * 60_000;

/**
 * The service's mail: queued in the transaction of the change it tells of, sent after it commits
 * by whichever instance claims it first, retried with backoff, never twice for one event. Without
 * an SMTP server nothing is queued at all.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly engine: Engine,
    private readonly clock: Clock,
    private readonly commits: Commits,
    private readonly options: MailOptions | null,
    private readonly log: (error: unknown, message: string) => void,
  ) {
    this.transport = options ? createTransport({ url: options.smtpUrl, ...TIMEOUTS }) : null;
  }

  /** Whether mail is set up: otherwise people pass links on by hand. */
  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Queues a mail with the caller's transaction; answers whether it will be sent. */
  async queue(tenant: TenantDb, mail: Mail): Promise<boolean> {
    if (!this.transport) return false;
    await queueMail(tenant, {
      id: newId(),
      eventKey: mail.eventKey,
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      now: this.clock.now().toISOString(),
    });
    return true;
  }

  start(): void {
    if (!this.transport) return;
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.kick();
  }

  /** Sends what is due now (after the writes that queued it have committed); a kick while sending runs again after. */
  kick(): void {
    if (!this.transport) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue()
      .catch((error: unknown) => this.log(error, 'mail could not be sent; it is tried again'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Settles when nothing is being sent (tests, and closing). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.idle();
    this.transport?.close();
  }

  private lastSweep = 0;
  private mailSince: string | null = null;

  /**
   * Queues a mail for each recent notification whose person takes them by mail (at most once a
   * second): made since mail was first set up on this database (what came before was never meant
   * for mail), and in the last hours (one made while the service was down, not last week's).
   */
  private async mailNotifications(now: Date): Promise<void> {
    // Real time, not the service's clock: this limits the work, whatever time the service lives in.
    if (Date.now() - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = Date.now();
    if (!this.mailSince) {
      await addSetting(this.engine, 'mail_since', now.toISOString());
      this.mailSince = (await readSetting(this.engine, 'mail_since')) ?? now.toISOString();
    }
    const recent = new Date(now.getTime() - NOTIFICATION_WINDOW_MS).toISOString();
    const since = recent > this.mailSince ? recent : this.mailSince;
    for (;;) {
      const found = await notificationsToMail(this.engine, since, now.toISOString().slice(0, 10), 100);
      for (const n of found) {
        const locale = isLocale(n.locale) ? n.locale : 'en';
        const say = formatIn(locale);
        const letter = notificationLetter(say, {
          firstName: n.firstName,
          ...notificationText(
            say,
            { title: n.title, body: n.body, data: JSON.parse(n.data) as Notification['data'] },
            dayWriter(locale),
          ),
        });
        await queueMail(new TenantDb(this.engine, n.organizationId), {
          id: newId(),
          eventKey: `notification:${n.id}`,
          recipient: n.email,
          subject: letter.subject,
          body: letter.text,
          now: now.toISOString(),
        });
      }
      if (found.length < 100) return;
    }
  }

  private async sendDue(): Promise<void> {
    await this.commits.settled(this.commits.mark());
    await this.mailNotifications(this.clock.now());
    for (;;) {
      const now = this.clock.now();
      const due = await claimDueMail(
        this.engine,
        now.toISOString(),
        new Date(now.getTime() + LEASE_MS).toISOString(),
        BATCH,
      );
      if (due.length === 0) return;
      for (const mail of due) {
        try {
          await this.transport!.sendMail({
            from: this.options!.from,
            to: mail.recipient,
            subject: mail.subject,
            text: mail.body,
            messageId: `<${mail.id}@hr-service>`,
          });
          await markMailSent(this.engine, mail.id, this.clock.now().toISOString());
        } catch (error) {
          const attempts = mail.attempts + 1;
          await markMailFailed(this.engine, mail.id, {
            attempts,
            nextAttemptAt: new Date(this.clock.now().getTime() + backoff(attempts)).toISOString(),
            error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
          });
        }
      }
    }
  }
}
