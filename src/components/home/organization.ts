/** schema.org Organization of the company, for the home and contact pages' JSON-LD. */
import type { JsonLd } from '../../lib/seo'
import { site } from '../../lib/site'

/** organizationLd('https://x.cn') → { '@type': 'Organization', '@id': 'https://x.cn/#organization', … } */
export function organizationLd(origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: site.name,
    legalName: site.fullName,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description: site.description,
    foundingDate: String(site.founded),
    telephone: site.hotline,
    address: {
      '@type': 'PostalAddress',
      addressCountry: site.postal.country,
      addressRegion: site.postal.region,
      addressLocality: site.postal.locality,
      streetAddress: site.postal.street,
    },
    contactPoint: site.contacts.map((c) => ({
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
