/** schema.org Organization of the company, for the home and contact pages' JSON-LD. */
import type { CompanyFacts } from '../../lib/rules/company'
import { site } from '../../lib/site'
import type { JsonLd } from '../../lib/view/seo'

/**
 * The names stay in code; phones, address and contacts are marketing's current facts.
 * organizationLd('https://x.cn', await companyFacts()) → { '@type': 'Organization', '@id': 'https://x.cn/#organization', … }
 */
export function organizationLd(origin: string, facts: CompanyFacts): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: site.name,
    legalName: site.fullName,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description: facts.description,
    foundingDate: String(site.founded),
    telephone: facts.hotline,
    address: {
      '@type': 'PostalAddress',
      addressCountry: site.country,
      addressRegion: facts.postal.region,
      addressLocality: facts.postal.locality,
      streetAddress: facts.postal.street,
    },
    contactPoint: facts.contacts.map((c) => ({
      '@type': 'ContactPoint',
      contactType: c.role,
      name: c.name,
      telephone: c.phone,
      email: c.email,
      areaServed: 'CN',
      availableLanguage: 'zh-CN',
    })),
  }
}
