import { useEffect, useState } from 'react';
import { LOCATION_MESSAGES } from './messages';

/** High accuracy, 10 second timeout, no cached position (docs/screens.md, Sign-in). */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 };

export interface CapturedLocation {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** GeolocationPositionError codes: 1 denied, 2 unavailable, 3 timeout. */
export function locationErrorMessage(code: number | undefined): string {
  switch (code) {
    case 1:
      return LOCATION_MESSAGES.denied;
    case 2:
      return LOCATION_MESSAGES.unavailable;
    case 3:
      return LOCATION_MESSAGES.timeout;
    default:
      return LOCATION_MESSAGES.unknown;
  }
}

/**
 * Asks the browser for the location once, when the login screen opens. The position is captured
 * (docs/screens.md, Sign-in) but never sent anywhere.
 */
export function useGeolocation(): { location: CapturedLocation | null; error: string | null } {
  const [location, setLocation] = useState<CapturedLocation | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setError(LOCATION_MESSAGES.unsupported);
      return;
    }
    let active = true;
    geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!active) return;
        setLocation({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy });
        setError(null);
      },
      (positionError) => {
        if (active) setError(locationErrorMessage(positionError?.code));
      },
      GEOLOCATION_OPTIONS,
    );
    return () => {
      active = false;
    };
  }, []);

  return { location, error };
}
