/**
 * Real UK towns (centre coordinates, county, a post code district) and real-looking street and
 * scheme names for the demo data set. `weight` says how much retail a town gets.
 */
export interface SeedTown {
  name: string;
  region: string;
  lat: number;
  lng: number;
  district: string;
  weight: number;
}

const t = (name: string, region: string, lat: number, lng: number, district: string, weight = 1): SeedTown => ({
  name,
  region,
  lat,
  lng,
  district,
  weight,
});

export const SEED_TOWNS: SeedTown[] = [
  t('London', 'Greater London', 51.5145, -0.142, 'W1', 10),
  t('Birmingham', 'West Midlands', 52.4797, -1.896, 'B2', 5),
  t('Manchester', 'Greater Manchester', 53.482, -2.243, 'M1', 5),
  t('Leeds', 'West Yorkshire', 53.798, -1.543, 'LS1', 4),
  t('Liverpool', 'Merseyside', 53.405, -2.983, 'L1', 4),
  t('Sheffield', 'South Yorkshire', 53.381, -1.47, 'S1', 3),
  t('Bristol', 'City of Bristol', 51.456, -2.59, 'BS1', 3),
  t('Newcastle upon Tyne', 'Tyne and Wear', 54.974, -1.613, 'NE1', 3),
  t('Nottingham', 'Nottinghamshire', 52.953, -1.15, 'NG1', 3),
  t('Leicester', 'Leicestershire', 52.636, -1.133, 'LE1', 2),
  t('Glasgow', 'Glasgow City', 55.861, -4.255, 'G1', 4),
  t('Edinburgh', 'City of Edinburgh', 55.952, -3.196, 'EH2', 3),
  t('Cardiff', 'Cardiff', 51.481, -3.179, 'CF10', 3),
  t('Belfast', 'Belfast', 54.597, -5.93, 'BT1', 2),
  t('Southampton', 'Hampshire', 50.905, -1.404, 'SO14', 2),
  t('Portsmouth', 'Hampshire', 50.798, -1.091, 'PO1', 2),
  t('Brighton', 'East Sussex', 50.8225, -0.139, 'BN1', 2),
  t('Reading', 'Berkshire', 51.455, -0.971, 'RG1', 2),
  t('Oxford', 'Oxfordshire', 51.752, -1.258, 'OX1', 2),
  t('Cambridge', 'Cambridgeshire', 52.205, 0.121, 'CB2', 2),
  t('Norwich', 'Norfolk', 52.629, 1.293, 'NR2', 2),
  t('Ipswich', 'Suffolk', 52.057, 1.148, 'IP1'),
  t('Exeter', 'Devon', 50.724, -3.529, 'EX1', 2),
  t('Plymouth', 'Devon', 50.371, -4.142, 'PL1', 2),
  t('Bath', 'Somerset', 51.381, -2.359, 'BA1'),
  t('Gloucester', 'Gloucestershire', 51.865, -2.244, 'GL1'),
  t('Cheltenham', 'Gloucestershire', 51.9, -2.075, 'GL50'),
  t('Coventry', 'West Midlands', 52.408, -1.51, 'CV1', 2),
  t('Wolverhampton', 'West Midlands', 52.586, -2.129, 'WV1'),
  t('Stoke-on-Trent', 'Staffordshire', 53.025, -2.177, 'ST1'),
  t('Derby', 'Derbyshire', 52.922, -1.477, 'DE1', 2),
  t('York', 'North Yorkshire', 53.959, -1.082, 'YO1', 2),
  t('Hull', 'East Riding of Yorkshire', 53.744, -0.333, 'HU1'),
  t('Bradford', 'West Yorkshire', 53.795, -1.752, 'BD1'),
  t('Preston', 'Lancashire', 53.759, -2.699, 'PR1'),
  t('Blackpool', 'Lancashire', 53.817, -3.052, 'FY1'),
  t('Chester', 'Cheshire', 53.191, -2.891, 'CH1'),
  t('Milton Keynes', 'Buckinghamshire', 52.042, -0.759, 'MK9', 2),
  t('Northampton', 'Northamptonshire', 52.237, -0.896, 'NN1'),
  t('Peterborough', 'Cambridgeshire', 52.574, -0.242, 'PE1'),
  t('Luton', 'Bedfordshire', 51.879, -0.417, 'LU1'),
  t('Watford', 'Hertfordshire', 51.656, -0.396, 'WD17'),
  t('Guildford', 'Surrey', 51.236, -0.57, 'GU1'),
  t('Kingston upon Thames', 'Greater London', 51.41, -0.306, 'KT1', 2),
  t('Croydon', 'Greater London', 51.373, -0.099, 'CR0', 2),
  t('Bromley', 'Greater London', 51.406, 0.015, 'BR1'),
  t('Canterbury', 'Kent', 51.28, 1.08, 'CT1'),
  t('Maidstone', 'Kent', 51.272, 0.522, 'ME14'),
  t('Chelmsford', 'Essex', 51.735, 0.469, 'CM1'),
  t('Colchester', 'Essex', 51.889, 0.901, 'CO1'),
  t('Southend-on-Sea', 'Essex', 51.54, 0.711, 'SS1'),
  t('Bournemouth', 'Dorset', 50.72, -1.88, 'BH1'),
  t('Swindon', 'Wiltshire', 51.56, -1.78, 'SN1'),
  t('Salisbury', 'Wiltshire', 51.069, -1.795, 'SP1'),
  t('Worcester', 'Worcestershire', 52.192, -2.22, 'WR1'),
  t('Shrewsbury', 'Shropshire', 52.707, -2.753, 'SY1'),
  t('Lincoln', 'Lincolnshire', 53.23, -0.54, 'LN1'),
  t('Sunderland', 'Tyne and Wear', 54.906, -1.381, 'SR1'),
  t('Middlesbrough', 'North Yorkshire', 54.575, -1.235, 'TS1'),
  t('Durham', 'County Durham', 54.776, -1.575, 'DH1'),
  t('Carlisle', 'Cumbria', 54.893, -2.933, 'CA3'),
  t('Lancaster', 'Lancashire', 54.047, -2.801, 'LA1'),
  t('Harrogate', 'North Yorkshire', 53.992, -1.541, 'HG1'),
  t('Doncaster', 'South Yorkshire', 53.523, -1.133, 'DN1'),
  t('Huddersfield', 'West Yorkshire', 53.646, -1.782, 'HD1'),
  t('Warrington', 'Cheshire', 53.39, -2.597, 'WA1'),
  t('Bolton', 'Greater Manchester', 53.578, -2.429, 'BL1'),
  t('Stockport', 'Greater Manchester', 53.408, -2.149, 'SK1'),
  t('Swansea', 'Swansea', 51.621, -3.943, 'SA1'),
  t('Newport', 'Newport', 51.588, -2.998, 'NP20'),
  t('Aberdeen', 'Aberdeen City', 57.148, -2.094, 'AB10', 2),
  t('Dundee', 'Dundee City', 56.462, -2.971, 'DD1'),
  t('Inverness', 'Highland', 57.479, -4.225, 'IV1'),
  t('Stirling', 'Stirling', 56.119, -3.937, 'FK8'),
  t('Perth', 'Perth and Kinross', 56.395, -3.431, 'PH1'),
  t('Londonderry', 'Derry and Strabane', 54.996, -7.321, 'BT48'),
  t('Winchester', 'Hampshire', 51.063, -1.316, 'SO23'),
  t('Tunbridge Wells', 'Kent', 51.132, 0.263, 'TN1'),
  t('St Albans', 'Hertfordshire', 51.752, -0.339, 'AL1'),
  t('Harrow', 'Greater London', 51.58, -0.337, 'HA1'),
  t('Richmond', 'Greater London', 51.461, -0.304, 'TW9'),
  t('Solihull', 'West Midlands', 52.413, -1.778, 'B91'),
];

export const HIGH_STREETS = [
  'High Street', 'Market Street', 'Church Street', 'Station Road', 'King Street', 'Queen Street', 'Bridge Street',
  'George Street', 'Victoria Street', 'Castle Street', 'Park Street', 'North Street', 'South Street', 'West Street',
  'London Road', 'New Street', 'Broad Street', 'Albert Street', 'Commercial Street', 'Princes Street', 'Cornmarket',
  'Fore Street', 'Sheep Street', 'The Parade', 'Market Place', 'Corn Street', 'Wellington Street', 'Regent Street',
  'Union Street', 'Silver Street', 'Northgate', 'Southgate', 'Eastgate', 'Westgate', 'Chapel Street', 'Butter Market',
];

export const RETAIL_PARK_STREETS = ['Ring Road', 'Retail Way', 'Gateway Drive', 'Bypass', 'Riverside Way', 'Enterprise Way', 'Park Lane', 'Junction Road'];

export const SCHEME_WORDS = {
  'Shopping centres': { prefixes: ['The Mall', 'The Galleries', 'The Arcade', 'The Exchange', 'The Square', 'The Quarter', 'Kingsgate', 'Queensgate', 'The Marlowes', 'Crown Walk'], suffix: 'Shopping Centre' },
  'Out of town': { prefixes: ['Riverside', 'Meadowbank', 'Junction', 'Gateway', 'Kingsway', 'Abbey', 'Castle', 'Parkway', 'Crown Point', 'Valley', 'Fosse', 'Brunel'], suffix: 'Retail Park' },
  Leisure: { prefixes: ['The Light', 'Cineworld', 'Printworks', 'The Brewery', 'Festival', 'Waterfront', 'The Point', 'Cornerhouse'], suffix: 'Leisure Park' },
} as const;

export const RENT_REVIEW_CLAUSES = ['Upward only, open market, every 5 years', 'Upward only, RPI linked (1%–4% collar and cap)', 'Open market, upward/downward', 'Fixed uplift of 2.5% per annum compounded'];
export const BREAK_CLAUSES = ['Tenant only break on 6 months notice', 'Mutual break on 6 months notice', 'Tenant break subject to vacant possession', 'Landlord redevelopment break'];
export const INCENTIVES = ['3 months rent free', '6 months rent free', '9 months rent free', '12 months rent free', 'Capital contribution of £50,000', 'Stepped rent over first 2 years'];
