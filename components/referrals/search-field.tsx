'use client';

import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface SearchFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  resultsId: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

/** A labelled search box whose results show in the panel it controls. */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  resultsId,
  inputRef,
}: SearchFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={inputRef}
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-controls={resultsId}
          className="pl-8"
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </div>
  );
}
