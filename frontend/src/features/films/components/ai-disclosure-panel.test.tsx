import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AiDisclosurePanel } from './ai-disclosure-panel';

describe('AiDisclosurePanel', () => {
  it('lists the parts made with AI, the tools, and the likeness with consent', () => {
    render(
      <AiDisclosurePanel
        disclosure={{
          tools: ['Runway Gen-3', 'ElevenLabs'],
          parts: ['visuals', 'voice'],
          realLikeness: true,
          likenessConsent: true,
          notes: 'The narrator cloned her own voice.',
        }}
      />,
    );

    expect(screen.getByText('Made with AI:')).toBeInTheDocument();
    expect(screen.getByText('Visuals, Voice')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toStrictEqual([
      'Runway Gen-3',
      'ElevenLabs',
    ]);
    expect(screen.getByTestId('ai-likeness')).toHaveTextContent(
      "Real people's likeness or voices appear, with their consent.",
    );
    expect(screen.getByText('The narrator cloned her own voice.')).toBeInTheDocument();
  });

  it('says plainly when no part is AI-made and no real person appears', () => {
    render(
      <AiDisclosurePanel
        disclosure={{ tools: [], parts: [], realLikeness: false, likenessConsent: false, notes: null }}
      />,
    );

    expect(
      screen.getByText('The creator declares no part of this film as AI-generated.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByTestId('ai-likeness')).toHaveTextContent(
      "No real person's likeness or voice appears.",
    );
  });
});
