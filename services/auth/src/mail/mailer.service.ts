import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG } from '@kinora/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../config';

@Injectable()
export class MailerService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailerService.name);
  private readonly transport: Transporter;

  constructor(@Inject(CONFIG) private readonly config: Config) {
    this.transport = createTransport(config.SMTP_URL);
  }

  async sendSignInCode(to: string, code: string, ttlMinutes: number): Promise<void> {
    const text = [
      `Your Kinora sign-in code is ${code}.`,
      '',
      `It expires in ${ttlMinutes} minutes and works once. If you did not ask for it, ignore this email.`,
    ].join('\n');
    const html = `<div style="font-family:system-ui,sans-serif;max-width:480px">
  <h1 style="font-size:20px">Sign in to Kinora</h1>
  <p>Your sign-in code:</p>
  <p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p>
  <p style="color:#666">It expires in ${ttlMinutes} minutes and works once. If you did not ask for it, ignore this email.</p>
</div>`;
    await this.transport.sendMail({
      from: this.config.MAIL_FROM,
      to,
      subject: 'Your Kinora sign-in code',
      text,
      html,
    });
    this.logger.log('sign-in code sent');
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
