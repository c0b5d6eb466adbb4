/* Generated from config/schema/product.schema.json by scripts/gen-config-types.ts. Do not edit. */

export type Clock = string;

/**
 * Shared settings of one product: names, contacts, lender disclosures, platform and layout policy.
 */
export interface ProductConfig {
  $schema?: string;
  /**
   * Product name shown in the title bar and the installed app.
   */
  displayName: string;
  /**
   * Name under the home-screen icon.
   */
  shortName?: string;
  supportEmail: string;
  /**
   * Customer-service phone in international form.
   */
  hotline: string;
  webServiceEmail: string;
  website: string;
  /**
   * Theme number (config/themes/theme-N.json) for sub-products.
   */
  subProTheme: number;
  showLoginPopup: boolean;
  /**
   * Base URL of the API, same origin by default.
   */
  apiBaseUrl: string;
  /**
   * @minItems 1
   */
  languages: ['en' | 'fil' | 'zh-CN', ...('en' | 'fil' | 'zh-CN')[]];
  defaultLanguage: 'en' | 'fil' | 'zh-CN';
  defaultChannel: string;
  customerService: {
    opens: Clock;
    closes: Clock;
    timeZone: 'Asia/Manila';
    /**
     * @minItems 1
     */
    channels: [
      {
        type: 'email' | 'whatsapp' | 'phone';
        value: string;
      },
      ...{
        type: 'email' | 'whatsapp' | 'phone';
        value: string;
      }[]
    ];
  };
  lender: {
    corporateName: string;
    secRegistrationNumber: string;
    certificateOfAuthorityNumber: string;
    address: string;
  };
  grievanceOfficer: {
    name: string;
    email: string;
    phone: string;
    address: string;
  };
  /**
   * Platforms sent to unsupportedRoute; empty to serve every platform.
   */
  unsupportedPlatforms: 'android'[];
  unsupportedRoute: string;
  zoom: {
    /**
     * false disables pinch zoom, as the spec says.
     */
    userScalable: boolean;
  };
  timings: {
    applicationMinutes: number;
    modificationMinutes: number;
    approvalMinutes: number;
    fundsHours: number;
  };
  addToHomeScreen: {
    /**
     * Repayment coupon unlocked by adding the app to the home screen.
     */
    repaymentCouponCentavos: number;
  };
  /**
   * Digits in a postal code: 4 for Philippine ZIP codes, 6 in the spec's template (docs/product-rules.md).
   */
  postalCodeDigits: number;
  /**
   * Ages (whole years, Manila calendar) at which a borrower may apply; the identity step refuses a birth date outside them.
   */
  borrowerAge: {
    /**
     * Youngest age; 18 is the age of majority (Family Code art. 234).
     */
    min: number;
    /**
     * Oldest age.
     */
    max: number;
  };
  /**
   * Easy Re-loan (scheduled automatic disbursement, /appointLoan); absent: off.
   */
  easyReloan?: {
    /**
     * Whether the profile offers Easy Re-loan and the server accepts turning it on; its figures are config/easy-reloan.json.
     */
    enabled: boolean;
  };
}
