import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { z } from 'zod';
import { CONFIG } from '../config/config';

/**
 * The variables of every service that sends mail: one SMTP relay (a real SMTP catcher locally and
 * in tests), one sender address, and the public address of the site that links in mails point to.
 */
export const mailConfigSchema = z.object({
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), 'must be an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Kinora <no-reply@kinora.local>'),
  /** Where the site is reached by its users, without a trailing slash; links in mails start with it. */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'must be an http:// or https:// URL')
    .transform((url) => url.replace(/\/+$/, ''))
    .default('http://localhost:8080'),
});
export type MailConfig = z.infer<typeof mailConfigSchema>;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail over SMTP (nodemailer); the services compose the messages themselves. */
@Injectable()
export class MailerService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailerService.name);
  private readonly transport: Transporter;

  constructor(@Inject(CONFIG) private readonly config: MailConfig) {
    this.transport = createTransport(config.SMTP_URL);
  }

  /** An absolute link to a page of the site. */
  link(pathAndQuery: string): string {
    return `${this.config.PUBLIC_URL}${pathAndQuery}`;
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
    this.logger.log(`mail sent: ${mail.subject}`);
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}

/** Escapes text for an HTML mail body. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}
