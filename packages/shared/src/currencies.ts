import { CURRENCY_CHOICES, DEFAULT_CURRENCY, type CurrencyChoice } from './enums';

/**
 * The ISO 4217 currencies in use (spec A §3, spec B §3): code, English name, symbol, native
 * symbol, decimal digits (0, 2 or 3), cash rounding (CHF 0.05) and plural name.
 *
 * Generated once from ICU data (Node's Intl) and written out as a literal table so every runtime
 * sees the same values; edit by hand when ISO retires or adds a code.
 */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
  symbol_native: string;
  decimal_digits: 0 | 2 | 3;
  rounding: number;
  name_plural: string;
}

export const CURRENCIES: readonly Currency[] = [
  { code: 'AED', name: "United Arab Emirates Dirham", symbol: "AED", symbol_native: "د.إ.", decimal_digits: 2, rounding: 0, name_plural: "UAE dirhams" },
  { code: 'AFN', name: "Afghan Afghani", symbol: "AFN", symbol_native: "؋", decimal_digits: 0, rounding: 0, name_plural: "Afghan Afghanis" },
  { code: 'ALL', name: "Albanian Lek", symbol: "ALL", symbol_native: "Lekë", decimal_digits: 0, rounding: 0, name_plural: "Albanian lekë" },
  { code: 'AMD', name: "Armenian Dram", symbol: "AMD", symbol_native: "֏", decimal_digits: 2, rounding: 0, name_plural: "Armenian drams" },
  { code: 'ANG', name: "Netherlands Antillean Guilder", symbol: "ANG", symbol_native: "NAf.", decimal_digits: 2, rounding: 0, name_plural: "Netherlands Antillean guilders" },
  { code: 'AOA', name: "Angolan Kwanza", symbol: "AOA", symbol_native: "Kz", decimal_digits: 2, rounding: 0, name_plural: "Angolan kwanzas" },
  { code: 'ARS', name: "Argentine Peso", symbol: "ARS", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Argentine pesos" },
  { code: 'AUD', name: "Australian Dollar", symbol: "A$", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Australian dollars" },
  { code: 'AWG', name: "Aruban Florin", symbol: "AWG", symbol_native: "AWG", decimal_digits: 2, rounding: 0, name_plural: "Aruban florin" },
  { code: 'AZN', name: "Azerbaijani Manat", symbol: "AZN", symbol_native: "₼", decimal_digits: 2, rounding: 0, name_plural: "Azerbaijani manats" },
  { code: 'BAM', name: "Bosnia-Herzegovina Convertible Mark", symbol: "BAM", symbol_native: "KM", decimal_digits: 2, rounding: 0, name_plural: "Bosnia-Herzegovina convertible marks" },
  { code: 'BBD', name: "Barbadian Dollar", symbol: "BBD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Barbadian dollars" },
  { code: 'BDT', name: "Bangladeshi Taka", symbol: "BDT", symbol_native: "৳", decimal_digits: 2, rounding: 0, name_plural: "Bangladeshi takas" },
  { code: 'BGN', name: "Bulgarian Lev", symbol: "BGN", symbol_native: "лв.", decimal_digits: 2, rounding: 0, name_plural: "Bulgarian leva" },
  { code: 'BHD', name: "Bahraini Dinar", symbol: "BHD", symbol_native: "د.ب.", decimal_digits: 3, rounding: 0, name_plural: "Bahraini dinars" },
  { code: 'BIF', name: "Burundian Franc", symbol: "BIF", symbol_native: "FBu", decimal_digits: 0, rounding: 0, name_plural: "Burundian francs" },
  { code: 'BMD', name: "Bermudan Dollar", symbol: "BMD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Bermudan dollars" },
  { code: 'BND', name: "Brunei Dollar", symbol: "BND", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Brunei dollars" },
  { code: 'BOB', name: "Bolivian Boliviano", symbol: "BOB", symbol_native: "Bs", decimal_digits: 2, rounding: 0, name_plural: "Bolivian bolivianos" },
  { code: 'BRL', name: "Brazilian Real", symbol: "R$", symbol_native: "R$", decimal_digits: 2, rounding: 0, name_plural: "Brazilian reals" },
  { code: 'BSD', name: "Bahamian Dollar", symbol: "BSD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Bahamian dollars" },
  { code: 'BTN', name: "Bhutanese Ngultrum", symbol: "BTN", symbol_native: "Nu.", decimal_digits: 2, rounding: 0, name_plural: "Bhutanese ngultrums" },
  { code: 'BWP', name: "Botswanan Pula", symbol: "BWP", symbol_native: "P", decimal_digits: 2, rounding: 0, name_plural: "Botswanan pulas" },
  { code: 'BYN', name: "Belarusian Ruble", symbol: "BYN", symbol_native: "р.", decimal_digits: 2, rounding: 0, name_plural: "Belarusian rubles" },
  { code: 'BZD', name: "Belize Dollar", symbol: "BZD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Belize dollars" },
  { code: 'CAD', name: "Canadian Dollar", symbol: "CA$", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Canadian dollars" },
  { code: 'CDF', name: "Congolese Franc", symbol: "CDF", symbol_native: "CDF", decimal_digits: 2, rounding: 0, name_plural: "Congolese francs" },
  { code: 'CHF', name: "Swiss Franc", symbol: "CHF", symbol_native: "CHF", decimal_digits: 2, rounding: 0.05, name_plural: "Swiss francs" },
  { code: 'CLP', name: "Chilean Peso", symbol: "CLP", symbol_native: "$", decimal_digits: 0, rounding: 0, name_plural: "Chilean pesos" },
  { code: 'CNY', name: "Chinese Yuan", symbol: "CN¥", symbol_native: "¥", decimal_digits: 2, rounding: 0, name_plural: "Chinese yuan" },
  { code: 'COP', name: "Colombian Peso", symbol: "COP", symbol_native: "$", decimal_digits: 0, rounding: 0, name_plural: "Colombian pesos" },
  { code: 'CRC', name: "Costa Rican Colón", symbol: "CRC", symbol_native: "₡", decimal_digits: 2, rounding: 0, name_plural: "Costa Rican colóns" },
  { code: 'CUP', name: "Cuban Peso", symbol: "CUP", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Cuban pesos" },
  { code: 'CVE', name: "Cape Verdean Escudo", symbol: "CVE", symbol_native: "CVE", decimal_digits: 2, rounding: 0, name_plural: "Cape Verdean escudos" },
  { code: 'CZK', name: "Czech Koruna", symbol: "CZK", symbol_native: "Kč", decimal_digits: 2, rounding: 0, name_plural: "Czech korunas" },
  { code: 'DJF', name: "Djiboutian Franc", symbol: "DJF", symbol_native: "DJF", decimal_digits: 0, rounding: 0, name_plural: "Djiboutian francs" },
  { code: 'DKK', name: "Danish Krone", symbol: "DKK", symbol_native: "kr.", decimal_digits: 2, rounding: 0, name_plural: "Danish kroner" },
  { code: 'DOP', name: "Dominican Peso", symbol: "DOP", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Dominican pesos" },
  { code: 'DZD', name: "Algerian Dinar", symbol: "DZD", symbol_native: "د.ج.", decimal_digits: 2, rounding: 0, name_plural: "Algerian dinars" },
  { code: 'EGP', name: "Egyptian Pound", symbol: "EGP", symbol_native: "E£", decimal_digits: 2, rounding: 0, name_plural: "Egyptian pounds" },
  { code: 'ERN', name: "Eritrean Nakfa", symbol: "ERN", symbol_native: "ERN", decimal_digits: 2, rounding: 0, name_plural: "Eritrean nakfas" },
  { code: 'ETB', name: "Ethiopian Birr", symbol: "ETB", symbol_native: "ብር", decimal_digits: 2, rounding: 0, name_plural: "Ethiopian birrs" },
  { code: 'EUR', name: "Euro", symbol: "€", symbol_native: "€", decimal_digits: 2, rounding: 0, name_plural: "euros" },
  { code: 'FJD', name: "Fijian Dollar", symbol: "FJD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Fijian dollars" },
  { code: 'FKP', name: "Falkland Islands Pound", symbol: "FKP", symbol_native: "£", decimal_digits: 2, rounding: 0, name_plural: "Falkland Islands pounds" },
  { code: 'GBP', name: "British Pound Sterling", symbol: "£", symbol_native: "£", decimal_digits: 2, rounding: 0, name_plural: "British pounds" },
  { code: 'GEL', name: "Georgian Lari", symbol: "GEL", symbol_native: "₾", decimal_digits: 2, rounding: 0, name_plural: "Georgian laris" },
  { code: 'GHS', name: "Ghanaian Cedi", symbol: "GHS", symbol_native: "GH₵", decimal_digits: 2, rounding: 0, name_plural: "Ghanaian cedis" },
  { code: 'GIP', name: "Gibraltar Pound", symbol: "GIP", symbol_native: "£", decimal_digits: 2, rounding: 0, name_plural: "Gibraltar pounds" },
  { code: 'GMD', name: "Gambian Dalasi", symbol: "GMD", symbol_native: "GMD", decimal_digits: 2, rounding: 0, name_plural: "Gambian dalasis" },
  { code: 'GNF', name: "Guinean Franc", symbol: "GNF", symbol_native: "FG", decimal_digits: 0, rounding: 0, name_plural: "Guinean francs" },
  { code: 'GTQ', name: "Guatemalan Quetzal", symbol: "GTQ", symbol_native: "Q", decimal_digits: 2, rounding: 0, name_plural: "Guatemalan quetzals" },
  { code: 'GYD', name: "Guyanaese Dollar", symbol: "GYD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Guyanaese dollars" },
  { code: 'HKD', name: "Hong Kong Dollar", symbol: "HK$", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Hong Kong dollars" },
  { code: 'HNL', name: "Honduran Lempira", symbol: "HNL", symbol_native: "L", decimal_digits: 2, rounding: 0, name_plural: "Honduran lempiras" },
  { code: 'HTG', name: "Haitian Gourde", symbol: "HTG", symbol_native: "HTG", decimal_digits: 2, rounding: 0, name_plural: "Haitian gourdes" },
  { code: 'HUF', name: "Hungarian Forint", symbol: "HUF", symbol_native: "Ft", decimal_digits: 0, rounding: 0, name_plural: "Hungarian forints" },
  { code: 'IDR', name: "Indonesian Rupiah", symbol: "IDR", symbol_native: "Rp", decimal_digits: 0, rounding: 0, name_plural: "Indonesian rupiahs" },
  { code: 'ILS', name: "Israeli New Shekel", symbol: "₪", symbol_native: "₪", decimal_digits: 2, rounding: 0, name_plural: "Israeli new shekels" },
  { code: 'INR', name: "Indian Rupee", symbol: "₹", symbol_native: "₹", decimal_digits: 2, rounding: 0, name_plural: "Indian rupees" },
  { code: 'IQD', name: "Iraqi Dinar", symbol: "IQD", symbol_native: "د.ع.", decimal_digits: 0, rounding: 0, name_plural: "Iraqi dinars" },
  { code: 'IRR', name: "Iranian Rial", symbol: "IRR", symbol_native: "ریال", decimal_digits: 0, rounding: 0, name_plural: "Iranian rials" },
  { code: 'ISK', name: "Icelandic Króna", symbol: "ISK", symbol_native: "kr.", decimal_digits: 0, rounding: 0, name_plural: "Icelandic krónur" },
  { code: 'JMD', name: "Jamaican Dollar", symbol: "JMD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Jamaican dollars" },
  { code: 'JOD', name: "Jordanian Dinar", symbol: "JOD", symbol_native: "د.أ.", decimal_digits: 3, rounding: 0, name_plural: "Jordanian dinars" },
  { code: 'JPY', name: "Japanese Yen", symbol: "¥", symbol_native: "￥", decimal_digits: 0, rounding: 0, name_plural: "Japanese yen" },
  { code: 'KES', name: "Kenyan Shilling", symbol: "KES", symbol_native: "Ksh", decimal_digits: 2, rounding: 0, name_plural: "Kenyan shillings" },
  { code: 'KGS', name: "Kyrgyz Som", symbol: "KGS", symbol_native: "⃀", decimal_digits: 2, rounding: 0, name_plural: "Kyrgyz soms" },
  { code: 'KHR', name: "Cambodian Riel", symbol: "KHR", symbol_native: "៛", decimal_digits: 2, rounding: 0, name_plural: "Cambodian riels" },
  { code: 'KMF', name: "Comorian Franc", symbol: "KMF", symbol_native: "CF", decimal_digits: 0, rounding: 0, name_plural: "Comorian francs" },
  { code: 'KPW', name: "North Korean Won", symbol: "KPW", symbol_native: "₩", decimal_digits: 0, rounding: 0, name_plural: "North Korean won" },
  { code: 'KRW', name: "South Korean Won", symbol: "₩", symbol_native: "₩", decimal_digits: 0, rounding: 0, name_plural: "South Korean won" },
  { code: 'KWD', name: "Kuwaiti Dinar", symbol: "KWD", symbol_native: "د.ك.", decimal_digits: 3, rounding: 0, name_plural: "Kuwaiti dinars" },
  { code: 'KYD', name: "Cayman Islands Dollar", symbol: "KYD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Cayman Islands dollars" },
  { code: 'KZT', name: "Kazakhstani Tenge", symbol: "KZT", symbol_native: "₸", decimal_digits: 2, rounding: 0, name_plural: "Kazakhstani tenges" },
  { code: 'LAK', name: "Laotian Kip", symbol: "LAK", symbol_native: "₭", decimal_digits: 0, rounding: 0, name_plural: "Laotian kips" },
  { code: 'LBP', name: "Lebanese Pound", symbol: "LBP", symbol_native: "L£", decimal_digits: 0, rounding: 0, name_plural: "Lebanese pounds" },
  { code: 'LKR', name: "Sri Lankan Rupee", symbol: "LKR", symbol_native: "රු.", decimal_digits: 2, rounding: 0, name_plural: "Sri Lankan rupees" },
  { code: 'LRD', name: "Liberian Dollar", symbol: "LRD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Liberian dollars" },
  { code: 'LSL', name: "Lesotho Loti", symbol: "LSL", symbol_native: "LSL", decimal_digits: 2, rounding: 0, name_plural: "Lesotho lotis" },
  { code: 'LYD', name: "Libyan Dinar", symbol: "LYD", symbol_native: "د.ل.", decimal_digits: 3, rounding: 0, name_plural: "Libyan dinars" },
  { code: 'MAD', name: "Moroccan Dirham", symbol: "MAD", symbol_native: "د.م.", decimal_digits: 2, rounding: 0, name_plural: "Moroccan dirhams" },
  { code: 'MDL', name: "Moldovan Leu", symbol: "MDL", symbol_native: "MDL", decimal_digits: 2, rounding: 0, name_plural: "Moldovan lei" },
  { code: 'MGA', name: "Malagasy Ariary", symbol: "MGA", symbol_native: "Ar", decimal_digits: 0, rounding: 0, name_plural: "Malagasy ariaries" },
  { code: 'MKD', name: "Macedonian Denar", symbol: "MKD", symbol_native: "ден.", decimal_digits: 2, rounding: 0, name_plural: "Macedonian denari" },
  { code: 'MMK', name: "Myanmar Kyat", symbol: "MMK", symbol_native: "K", decimal_digits: 0, rounding: 0, name_plural: "Myanmar kyats" },
  { code: 'MNT', name: "Mongolian Tugrik", symbol: "MNT", symbol_native: "₮", decimal_digits: 2, rounding: 0, name_plural: "Mongolian tugriks" },
  { code: 'MOP', name: "Macanese Pataca", symbol: "MOP", symbol_native: "MOP$", decimal_digits: 2, rounding: 0, name_plural: "Macanese patacas" },
  { code: 'MRU', name: "Mauritanian Ouguiya", symbol: "MRU", symbol_native: "أ.م.", decimal_digits: 2, rounding: 0, name_plural: "Mauritanian ouguiyas" },
  { code: 'MUR', name: "Mauritian Rupee", symbol: "MUR", symbol_native: "Rs", decimal_digits: 2, rounding: 0, name_plural: "Mauritian rupees" },
  { code: 'MVR', name: "Maldivian Rufiyaa", symbol: "MVR", symbol_native: "MVR", decimal_digits: 2, rounding: 0, name_plural: "Maldivian rufiyaas" },
  { code: 'MWK', name: "Malawian Kwacha", symbol: "MWK", symbol_native: "MWK", decimal_digits: 2, rounding: 0, name_plural: "Malawian kwachas" },
  { code: 'MXN', name: "Mexican Peso", symbol: "MX$", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Mexican pesos" },
  { code: 'MYR', name: "Malaysian Ringgit", symbol: "MYR", symbol_native: "RM", decimal_digits: 2, rounding: 0, name_plural: "Malaysian ringgits" },
  { code: 'MZN', name: "Mozambican Metical", symbol: "MZN", symbol_native: "MZN", decimal_digits: 2, rounding: 0, name_plural: "Mozambican meticals" },
  { code: 'NAD', name: "Namibian Dollar", symbol: "NAD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Namibian dollars" },
  { code: 'NGN', name: "Nigerian Naira", symbol: "NGN", symbol_native: "₦", decimal_digits: 2, rounding: 0, name_plural: "Nigerian nairas" },
  { code: 'NIO', name: "Nicaraguan Córdoba", symbol: "NIO", symbol_native: "C$", decimal_digits: 2, rounding: 0, name_plural: "Nicaraguan córdobas" },
  { code: 'NOK', name: "Norwegian Krone", symbol: "NOK", symbol_native: "kr", decimal_digits: 2, rounding: 0, name_plural: "Norwegian kroner" },
  { code: 'NPR', name: "Nepalese Rupee", symbol: "NPR", symbol_native: "रू", decimal_digits: 2, rounding: 0, name_plural: "Nepalese rupees" },
  { code: 'NZD', name: "New Zealand Dollar", symbol: "NZ$", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "New Zealand dollars" },
  { code: 'OMR', name: "Omani Rial", symbol: "OMR", symbol_native: "ر.ع.", decimal_digits: 3, rounding: 0, name_plural: "Omani rials" },
  { code: 'PAB', name: "Panamanian Balboa", symbol: "PAB", symbol_native: "PAB", decimal_digits: 2, rounding: 0, name_plural: "Panamanian balboas" },
  { code: 'PEN', name: "Peruvian Sol", symbol: "PEN", symbol_native: "PEN", decimal_digits: 2, rounding: 0, name_plural: "Peruvian soles" },
  { code: 'PGK', name: "Papua New Guinean Kina", symbol: "PGK", symbol_native: "PGK", decimal_digits: 2, rounding: 0, name_plural: "Papua New Guinean kina" },
  { code: 'PHP', name: "Philippine Peso", symbol: "₱", symbol_native: "₱", decimal_digits: 2, rounding: 0, name_plural: "Philippine pesos" },
  { code: 'PKR', name: "Pakistani Rupee", symbol: "PKR", symbol_native: "Rs", decimal_digits: 0, rounding: 0, name_plural: "Pakistani rupees" },
  { code: 'PLN', name: "Polish Zloty", symbol: "PLN", symbol_native: "zł", decimal_digits: 2, rounding: 0, name_plural: "Polish zlotys" },
  { code: 'PYG', name: "Paraguayan Guarani", symbol: "PYG", symbol_native: "₲", decimal_digits: 0, rounding: 0, name_plural: "Paraguayan guaranis" },
  { code: 'QAR', name: "Qatari Riyal", symbol: "QAR", symbol_native: "ر.ق.", decimal_digits: 2, rounding: 0, name_plural: "Qatari riyals" },
  { code: 'RON', name: "Romanian Leu", symbol: "RON", symbol_native: "lei", decimal_digits: 2, rounding: 0, name_plural: "Romanian lei" },
  { code: 'RSD', name: "Serbian Dinar", symbol: "RSD", symbol_native: "RSD", decimal_digits: 2, rounding: 0, name_plural: "Serbian dinars" },
  { code: 'RUB', name: "Russian Ruble", symbol: "RUB", symbol_native: "₽", decimal_digits: 2, rounding: 0, name_plural: "Russian rubles" },
  { code: 'RWF', name: "Rwandan Franc", symbol: "RWF", symbol_native: "RF", decimal_digits: 0, rounding: 0, name_plural: "Rwandan francs" },
  { code: 'SAR', name: "Saudi Riyal", symbol: "SAR", symbol_native: "ر.س.", decimal_digits: 2, rounding: 0, name_plural: "Saudi riyals" },
  { code: 'SBD', name: "Solomon Islands Dollar", symbol: "SBD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Solomon Islands dollars" },
  { code: 'SCR', name: "Seychellois Rupee", symbol: "SCR", symbol_native: "SCR", decimal_digits: 2, rounding: 0, name_plural: "Seychellois rupees" },
  { code: 'SDG', name: "Sudanese Pound", symbol: "SDG", symbol_native: "ج.س.", decimal_digits: 2, rounding: 0, name_plural: "Sudanese pounds" },
  { code: 'SEK', name: "Swedish Krona", symbol: "SEK", symbol_native: "kr", decimal_digits: 2, rounding: 0, name_plural: "Swedish kronor" },
  { code: 'SGD', name: "Singapore Dollar", symbol: "SGD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Singapore dollars" },
  { code: 'SHP', name: "St. Helena Pound", symbol: "SHP", symbol_native: "£", decimal_digits: 2, rounding: 0, name_plural: "St. Helena pounds" },
  { code: 'SLE', name: "Sierra Leonean Leone", symbol: "SLE", symbol_native: "SLE", decimal_digits: 2, rounding: 0, name_plural: "Sierra Leonean leones" },
  { code: 'SOS', name: "Somali Shilling", symbol: "SOS", symbol_native: "S", decimal_digits: 0, rounding: 0, name_plural: "Somali shillings" },
  { code: 'SRD', name: "Surinamese Dollar", symbol: "SRD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Surinamese dollars" },
  { code: 'SSP', name: "South Sudanese Pound", symbol: "SSP", symbol_native: "£", decimal_digits: 2, rounding: 0, name_plural: "South Sudanese pounds" },
  { code: 'STN', name: "São Tomé & Príncipe Dobra", symbol: "STN", symbol_native: "Db", decimal_digits: 2, rounding: 0, name_plural: "São Tomé & Príncipe dobras" },
  { code: 'SVC', name: "Salvadoran Colón", symbol: "SVC", symbol_native: "SVC", decimal_digits: 2, rounding: 0, name_plural: "Salvadoran colones" },
  { code: 'SYP', name: "Syrian Pound", symbol: "SYP", symbol_native: "£", decimal_digits: 0, rounding: 0, name_plural: "Syrian pounds" },
  { code: 'SZL', name: "Swazi Lilangeni", symbol: "SZL", symbol_native: "SZL", decimal_digits: 2, rounding: 0, name_plural: "Swazi emalangeni" },
  { code: 'THB', name: "Thai Baht", symbol: "THB", symbol_native: "฿", decimal_digits: 2, rounding: 0, name_plural: "Thai baht" },
  { code: 'TJS', name: "Tajikistani Somoni", symbol: "TJS", symbol_native: "сом.", decimal_digits: 2, rounding: 0, name_plural: "Tajikistani somonis" },
  { code: 'TMT', name: "Turkmenistani Manat", symbol: "TMT", symbol_native: "TMT", decimal_digits: 2, rounding: 0, name_plural: "Turkmenistani manat" },
  { code: 'TND', name: "Tunisian Dinar", symbol: "TND", symbol_native: "د.ت.", decimal_digits: 3, rounding: 0, name_plural: "Tunisian dinars" },
  { code: 'TOP', name: "Tongan Paʻanga", symbol: "TOP", symbol_native: "T$", decimal_digits: 2, rounding: 0, name_plural: "Tongan paʻanga" },
  { code: 'TRY', name: "Turkish Lira", symbol: "TRY", symbol_native: "₺", decimal_digits: 2, rounding: 0, name_plural: "Turkish Lira" },
  { code: 'TTD', name: "Trinidad & Tobago Dollar", symbol: "TTD", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Trinidad & Tobago dollars" },
  { code: 'TWD', name: "New Taiwan Dollar", symbol: "NT$", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "New Taiwan dollars" },
  { code: 'TZS', name: "Tanzanian Shilling", symbol: "TZS", symbol_native: "TSh", decimal_digits: 2, rounding: 0, name_plural: "Tanzanian shillings" },
  { code: 'UAH', name: "Ukrainian Hryvnia", symbol: "UAH", symbol_native: "₴", decimal_digits: 2, rounding: 0, name_plural: "Ukrainian hryvnias" },
  { code: 'UGX', name: "Ugandan Shilling", symbol: "UGX", symbol_native: "UGX", decimal_digits: 0, rounding: 0, name_plural: "Ugandan shillings" },
  { code: 'USD', name: "US Dollar", symbol: "$", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "US dollars" },
  { code: 'UYU', name: "Uruguayan Peso", symbol: "UYU", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "Uruguayan pesos" },
  { code: 'UZS', name: "Uzbekistani Som", symbol: "UZS", symbol_native: "soʻm", decimal_digits: 2, rounding: 0, name_plural: "Uzbekistani som" },
  { code: 'VES', name: "Venezuelan Bolívar", symbol: "VES", symbol_native: "VES", decimal_digits: 2, rounding: 0, name_plural: "Venezuelan bolívars" },
  { code: 'VND', name: "Vietnamese Dong", symbol: "₫", symbol_native: "₫", decimal_digits: 0, rounding: 0, name_plural: "Vietnamese dong" },
  { code: 'VUV', name: "Vanuatu Vatu", symbol: "VUV", symbol_native: "VUV", decimal_digits: 0, rounding: 0, name_plural: "Vanuatu vatus" },
  { code: 'WST', name: "Samoan Tala", symbol: "WST", symbol_native: "WST", decimal_digits: 2, rounding: 0, name_plural: "Samoan tala" },
  { code: 'XAF', name: "Central African CFA Franc", symbol: "FCFA", symbol_native: "FCFA", decimal_digits: 0, rounding: 0, name_plural: "Central African CFA francs" },
  { code: 'XCD', name: "East Caribbean Dollar", symbol: "EC$", symbol_native: "$", decimal_digits: 2, rounding: 0, name_plural: "East Caribbean dollars" },
  { code: 'XOF', name: "West African CFA Franc", symbol: "F CFA", symbol_native: "F CFA", decimal_digits: 0, rounding: 0, name_plural: "West African CFA francs" },
  { code: 'XPF', name: "CFP Franc", symbol: "CFPF", symbol_native: "FCFP", decimal_digits: 0, rounding: 0, name_plural: "CFP francs" },
  { code: 'YER', name: "Yemeni Rial", symbol: "YER", symbol_native: "ر.ي.", decimal_digits: 0, rounding: 0, name_plural: "Yemeni rials" },
  { code: 'ZAR', name: "South African Rand", symbol: "ZAR", symbol_native: "R", decimal_digits: 2, rounding: 0, name_plural: "South African rand" },
  { code: 'ZMW', name: "Zambian Kwacha", symbol: "ZMW", symbol_native: "ZK", decimal_digits: 2, rounding: 0, name_plural: "Zambian kwachas" },
  { code: 'ZWL', name: "Zimbabwean Dollar (2009–2024)", symbol: "ZWL", symbol_native: "ZWL", decimal_digits: 2, rounding: 0, name_plural: "Zimbabwean dollars (2009–2024)" },
];

/** The currencies a user may choose (spec A §3: only EUR, GBP and USD are offered). */
export const CURRENCY_OFFERED = CURRENCY_CHOICES;
export type OfferedCurrency = CurrencyChoice;
/** British Pound Sterling, the default everywhere (spec A §3, spec B §9). */
export const CURRENCY_DEFAULT: OfferedCurrency = DEFAULT_CURRENCY;

const BY_CODE = new Map(CURRENCIES.map((c) => [c.code, c]));

export const CURRENCY_CODES: readonly string[] = CURRENCIES.map((c) => c.code);

/** The currency with this ISO code (case-insensitive), or undefined. */
export const currencyOf = (code: string | null | undefined): Currency | undefined =>
  code ? BY_CODE.get(code.trim().toUpperCase()) : undefined;

export const isCurrencyCode = (code: string): boolean => BY_CODE.has(code);

/** Spec B §4/§9: the property's currency, else the user's, else GBP. Unknown codes are skipped. */
export const defaultCurrency = (
  propertyCurrency?: string | null,
  userCurrency?: string | null,
): string => currencyOf(propertyCurrency)?.code ?? currencyOf(userCurrency)?.code ?? CURRENCY_DEFAULT;
