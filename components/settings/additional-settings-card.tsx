import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function AdditionalSettingsCard() {
  return (
    <Card aria-disabled="true" className="opacity-60">
      <CardHeader>
        <CardTitle>
          <h2>Additional Settings</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">Coming soon...</p>
      </CardContent>
    </Card>
  );
}
