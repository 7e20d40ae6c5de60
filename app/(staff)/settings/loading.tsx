export default function SettingsLoading() {
  return (
    <p role="status" className="py-12 text-center text-muted-foreground">
      Loading...
    </p>
  );
}
