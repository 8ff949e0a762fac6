import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Reader } from 'maxmind';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UAParser } from 'ua-parser-js';

/** The country of addresses the database does not place (private, loopback, unknown). */
export const UNKNOWN_COUNTRY = 'Unknown';

export interface AgentFacts {
  /** From the User-Agent: mobile, tablet, tv, console, wearable, embedded, or '' when it names none. */
  device: string;
  browser: string;
  os: string;
}

export interface ClientFacts extends AgentFacts {
  country: string;
  /** The device the session is counted under: the agent's when it names one, else the client's. */
  deviceType: string;
  /** A visitor's stand-in for a user id: a hash of their address and agent. */
  viewerKey: string;
}

/** A record of the geo-whois-asn-country database. */
interface CountryDatabase {
  get(ip: string): { country_code?: string } | null;
  metadata: { buildEpoch: Date };
}

const DEVICE_NAMES: Record<string, string> = { smarttv: 'tv' };

/**
 * Country from the client address (the IP-to-country database shipped as the
 * @ip-location-db/geo-whois-asn-country-mmdb package: update the package to refresh it) and device,
 * browser and OS from the User-Agent (ua-parser-js), each parse cached.
 */
@Injectable()
export class ClientContext {
  private readonly logger = new Logger(ClientContext.name);
  private readonly countries: CountryDatabase;
  private readonly agents = new LRUCache<string, AgentFacts>({ max: 5_000 });

  constructor() {
    const path = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
    // Its records are { country_code }, not the GeoIP2 shapes maxmind's types describe.
    this.countries = new Reader(readFileSync(path)) as unknown as CountryDatabase;
    this.logger.log(
      `IP-to-country database built ${this.countries.metadata.buildEpoch.toISOString().slice(0, 10)}`,
    );
  }

  country(ip: string): string {
    try {
      return this.countries.get(ip)?.country_code ?? UNKNOWN_COUNTRY;
    } catch {
      return UNKNOWN_COUNTRY;
    }
  }

  agent(userAgent: string): AgentFacts {
    let facts = this.agents.get(userAgent);
    if (!facts) {
      const parsed = new UAParser(userAgent).getResult();
      const type = parsed.device.type ?? '';
      facts = {
        device: DEVICE_NAMES[type] ?? type,
        browser: parsed.browser.name ?? 'Other',
        os: parsed.os.name ?? 'Other',
      };
      this.agents.set(userAgent, facts);
    }
    return facts;
  }

  of(ip: string, userAgent: string, declared: string, userId: string | null): ClientFacts {
    const agent = this.agent(userAgent);
    return {
      ...agent,
      country: this.country(ip),
      deviceType: agent.device || declared,
      viewerKey:
        userId ?? `v:${createHash('sha256').update(`${ip}|${userAgent}`).digest('base64url').slice(0, 22)}`,
    };
  }
}
