import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { setupUser } from './user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MapViewProps } from '../src/components/map/types';
import { AddressPickerDialog } from '../src/entities/address/AddressPickerDialog';
import { installFakeFetch, json } from './fakeFetch';

// jsdom has no WebGL: the map is replaced by buttons that fire what MapLibre would.
vi.mock('../src/components/map/MapView', () => ({
  MapView: (p: MapViewProps) => (
    <div data-testid="map" data-center={`${p.center.lat},${p.center.lng}`} data-zoom={p.zoom}>
      <button type="button" onClick={() => p.onMapClick?.({ lat: 51.5079, lng: -0.1281 })}>
        click street
      </button>
      <button type="button" onClick={() => p.onMapClick?.({ lat: 53.1, lng: -2.5 })}>
        click town
      </button>
      <button type="button" onClick={() => p.onMarkerDragEnd?.({ lat: 60, lng: -30 })}>
        drag to sea
      </button>
      {p.marker && <span data-testid="marker">{`${p.marker.lat},${p.marker.lng}`}</span>}
    </div>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const STREET = {
  line1: '1 Trafalgar Square',
  city: 'London',
  state: 'Greater London',
  zip: 'WC2N 5DN',
  country: 'United Kingdom',
  lat: 51.508,
  lng: -0.128,
  label: '1 Trafalgar Square, London, WC2N 5DN',
};
const TOWN = {
  line1: null,
  city: 'Crewe',
  state: 'England',
  zip: null,
  country: 'United Kingdom',
  lat: 53.1,
  lng: -2.44,
  label: 'Crewe, England',
};

function setup() {
  const api = installFakeFetch({
    'GET /api/geocode/reverse': (req) => {
      const lat = Number(req.url.searchParams.get('lat'));
      if (lat > 59) return json(200, { data: null });
      return json(200, { data: lat > 52 ? TOWN : STREET });
    },
    'GET /api/geocode/search': () => json(200, { data: [STREET] }),
  });
  const onSelect = vi.fn();
  const onClose = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <AddressPickerDialog open onClose={onClose} onSelect={onSelect} />
    </QueryClientProvider>,
  );
  return { api, onSelect, onClose, user: setupUser() };
}

describe('AddressPickerDialog', () => {
  it('opens on the UK at zoom 7 and asks for a click', () => {
    setup();
    expect(screen.getByTestId('map')).toHaveAttribute('data-zoom', '7');
    expect(screen.getByText('Click on the map to select a location')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select Address' })).toBeDisabled();
  });

  it('reverse-geocodes a click and resolves with the address', async () => {
    const { api, onSelect, onClose, user } = setup();
    await user.click(screen.getByRole('button', { name: 'click street' }));
    expect(await screen.findByText(STREET.label)).toBeInTheDocument();
    const call = api.callsTo('GET', '/api/geocode/reverse')[0]!;
    expect(call.url.searchParams.get('lat')).toBe('51.5079000');
    expect(screen.getByTestId('marker')).toHaveTextContent('51.5079,-0.1281');
    await user.click(screen.getByRole('button', { name: 'Select Address' }));
    expect(onSelect).toHaveBeenCalledWith({
      street: '1 Trafalgar Square',
      city: 'London',
      region: 'Greater London',
      post_code: 'WC2N 5DN',
      country: 'United Kingdom',
      latitude: 51.508,
      longitude: -0.128,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps Select Address disabled for a town without street or post code', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'click town' }));
    expect(await screen.findByText('Crewe, England')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select Address' })).toBeDisabled();
  });

  it('says Invalid Location when the geocoder finds nothing, and Clear starts again', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'drag to sea' }));
    expect(await screen.findByText('Invalid Location')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Click on the map to select a location')).toBeInTheDocument();
    expect(screen.queryByTestId('marker')).not.toBeInTheDocument();
  });

  it('a geocoder failure reads as Invalid Location, not a crash', async () => {
    const { api, user } = setup();
    api.routes['GET /api/geocode/reverse'] = () => json(503, { msg: 'down' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'click street' }));
    expect(await screen.findByText('Invalid Location')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a place search centres the map and fills the address', async () => {
    const { user } = setup();
    await user.type(screen.getByRole('combobox', { name: 'Search for an address' }), 'Trafalgar');
    await user.click(await screen.findByRole('option', { name: STREET.label }));
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-center', '51.508,-0.128'));
    expect(screen.getByRole('button', { name: 'Select Address' })).toBeEnabled();
  });
});
