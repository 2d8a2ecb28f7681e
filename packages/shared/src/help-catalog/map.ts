import type { THelpPage } from './types.ts';

/** The public side: the map, the incident list, timetables, report follow-up, About and the portal. */
export const MAP_HELP: THelpPage[] = [
  {
    url: '/',
    category: 'map',
    'pt-PT': {
      title: 'O mapa',
      contents: `<p>O mapa mostra a rede de transportes (paragens, linhas e outros sistemas), as ocorrências atuais e futuras e, quando ativo, o trânsito. Qualquer pessoa o pode consultar, sem iniciar sessão.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Pesquisar no mapa</strong>: escreva o nome de uma paragem, de uma linha ou de um lugar (distrito, concelho, freguesia ou morada, quando configurados) e escolha um resultado para o mapa o mostrar.</p></li>
<li><p><strong>Mostrar ou esconder os filtros</strong>: abre o painel onde marca os grupos de sistemas, as ocorrências (atuais e futuras) e o trânsito. O número de filtros ativos aparece junto à pesquisa; <strong>Limpar filtros</strong> volta a mostrar tudo.</p></li>
<li><p>Nas ocorrências, o botão de definições (<strong>Filtrar ocorrências por categoria, prioridade e data</strong>) abre uma janela com categoria, prioridade e «Criadas há mais de»; carregue em <strong>Aplicar</strong>.</p></li>
<li><p><strong>Tipo de mapa</strong>: troca o mapa base pelo mapa de estradas ou pelo satélite, quando a plataforma os tem ativos.</p></li>
<li><p><strong>Legenda</strong>: explica as cores das ocorrências e das linhas.</p></li>
</ul>
<table><tbody>
<tr><th><p>Cor</p></th><th><p>Significado</p></th></tr>
<tr><td><p>Laranja</p></td><td><p>Ocorrência atual (em curso)</p></td></tr>
<tr><td><p>Vermelho</p></td><td><p>Ocorrência futura (prevista)</p></td></tr>
</tbody></table>
<h2>Consultar um sistema ou uma ocorrência</h2>
<ol>
<li><p>Clique numa paragem, numa linha ou numa ocorrência no mapa, ou num resultado da pesquisa.</p></li>
<li><p>Abre-se o cartão de detalhes: numa paragem, as linhas que a servem e as próximas partidas; numa linha, o horário; numa ocorrência, o estado, a prioridade, as datas, os sistemas afetados, as atualizações públicas, as fotografias e os documentos.</p></li>
<li><p>No telemóvel o cartão abre em baixo: arraste-o para cima para ver mais, ou use <strong>Recolher o painel</strong>.</p></li>
</ol>
<h2>Reportar uma ocorrência</h2>
<p>Quando a plataforma aceita pedidos, o botão <strong>Reportar ocorrência</strong> (e o mesmo botão no cartão de uma paragem) abre um formulário: categoria, nome, email, assunto, descrição e, conforme a categoria, a localização e fotografias. Depois de registar recebe um número e um endereço pessoal para acompanhar o pedido.</p>
<h2>Permissões</h2>
<ul>
<li><p>Consultar o mapa e reportar: qualquer pessoa.</p></li>
<li><p><strong>Abrir na gestão de ocorrências</strong>, Street View e as ligações para navegação no cartão de uma ocorrência: quem tem MANAGE_EVENTS.</p></li>
<li><p><strong>Editar sistema</strong> no cartão de um sistema: quem tem WRITE_MOBILITY_SYSTEM.</p></li>
</ul>
<h2>Cuidados</h2>
<ul>
<li><p>Se um grupo não aparece, confirme que está marcado nos filtros e aproxime o mapa: alguns grupos só se desenham a partir de um certo zoom.</p></li>
<li><p>O mapa atualiza-se sozinho (as ocorrências em menos de um minuto, o trânsito a cada dois minutos): não precisa de recarregar a página.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'The map',
      contents: `<p>The map shows the transport network (stops, lines and other systems), current and future incidents and, when enabled, road traffic. Anyone can look at it without signing in.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Search the map</strong>: type the name of a stop, a line or a place (district, municipality, parish or street address, when set up) and pick a result for the map to show it.</p></li>
<li><p><strong>Show or hide the filters</strong>: opens the panel where you tick groups of systems, incidents (current and future) and traffic. The number of active filters shows beside the search box; <strong>Clear filters</strong> shows everything again.</p></li>
<li><p>For incidents, the settings button (<strong>Filter incidents by category, priority and date</strong>) opens a window with category, priority and “Created more than”; click <strong>Apply</strong>.</p></li>
<li><p><strong>Map type</strong>: swaps the base map for the road map or satellite imagery, when the platform has them enabled.</p></li>
<li><p><strong>Legend</strong>: explains the colours of incidents and lines.</p></li>
</ul>
<table><tbody>
<tr><th><p>Color</p></th><th><p>Meaning</p></th></tr>
<tr><td><p>Orange</p></td><td><p>Current incident (happening now)</p></td></tr>
<tr><td><p>Red</p></td><td><p>Future incident (upcoming)</p></td></tr>
</tbody></table>
<h2>Looking at a system or an incident</h2>
<ol>
<li><p>Click a stop, a line or an incident on the map, or a search result.</p></li>
<li><p>Its details card opens: for a stop, the lines serving it and the next departures; for a line, its timetable; for an incident, its status, priority, dates, affected systems, public updates, photos and documents.</p></li>
<li><p>On a phone the card opens at the bottom: drag it up to see more, or use <strong>Collapse the panel</strong>.</p></li>
</ol>
<h2>Reporting an occurrence</h2>
<p>When the platform accepts reports, the <strong>Report an occurrence</strong> button (and the same button on a stop's card) opens a form: category, name, email, subject, description and, depending on the category, the location and photos. Once it is registered you get a number and a personal address to follow the report.</p>
<h2>Permissions</h2>
<ul>
<li><p>Looking at the map and reporting: anyone.</p></li>
<li><p><strong>Open in incident management</strong>, Street View and the navigation links on an incident's card: holders of MANAGE_EVENTS.</p></li>
<li><p><strong>Edit system</strong> on a system's card: holders of WRITE_MOBILITY_SYSTEM.</p></li>
</ul>
<h2>Pitfalls</h2>
<ul>
<li><p>If a group does not show, check that it is ticked in the filters and zoom in: some groups are only drawn from a certain zoom level.</p></li>
<li><p>The map refreshes by itself (incidents in under a minute, traffic every two minutes): there is no need to reload the page.</p></li>
</ul>`,
    },
  },
  {
    url: '/incidents',
    category: 'map',
    'pt-PT': {
      title: 'Lista de ocorrências',
      contents: `<p>Esta página lista as ocorrências públicas, atuais ou futuras, tal como aparecem no mapa. É aberta a qualquer pessoa.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Ocorrências a mostrar</strong>: escolha <strong>Atuais</strong> (a decorrer) ou <strong>Futuras</strong> (previstas).</p></li>
<li><p><strong>Pesquisar ocorrências</strong>: procura no assunto e na descrição.</p></li>
<li><p>Os filtros de categoria e de prioridade reduzem a lista; no computador, clique no título de uma coluna para ordenar por data, prioridade ou assunto.</p></li>
</ul>
<h2>Tarefas comuns</h2>
<ol>
<li><p>Para ver onde é uma ocorrência, clique nela: o mapa abre centrado nela, com o seu cartão de detalhes.</p></li>
<li><p>Para saber se uma obra já está marcada, escolha <strong>Futuras</strong> e pesquise pelo nome da rua.</p></li>
</ol>
<h2>Cuidados</h2>
<ul>
<li><p>Só aparecem as ocorrências marcadas como públicas. As internas veem-se na gestão de ocorrências (menu Ocorrências), com a permissão MANAGE_EVENTS.</p></li>
<li><p>Os filtros e a página mantêm-se quando volta atrás do mapa.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Incident list',
      contents: `<p>This page lists the public incidents, current or upcoming, just as the map shows them. Anyone can open it.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Incidents to show</strong>: choose <strong>Current</strong> (happening now) or <strong>Future</strong> (planned).</p></li>
<li><p><strong>Search incidents</strong>: looks in the subject and the description.</p></li>
<li><p>The category and priority filters narrow the list; on a computer, click a column heading to sort by date, priority or subject.</p></li>
</ul>
<h2>Common tasks</h2>
<ol>
<li><p>To see where an incident is, click it: the map opens centered on it, with its details card.</p></li>
<li><p>To check whether roadworks are already announced, choose <strong>Future</strong> and search for the street name.</p></li>
</ol>
<h2>Pitfalls</h2>
<ul>
<li><p>Only incidents marked as public are listed. Internal ones are in incident management (Events menu), with the MANAGE_EVENTS permission.</p></li>
<li><p>The filters and the page are kept when you come back from the map.</p></li>
</ul>`,
    },
  },
  {
    url: '/timetable',
    category: 'map',
    'pt-PT': {
      title: 'Horário de uma paragem ou linha',
      contents: `<p>O horário mostra as passagens previstas numa paragem ou ao longo de uma linha, a partir do ficheiro GTFS importado para o seu grupo. Qualquer pessoa o pode consultar; abre-se a partir do cartão de uma paragem ou linha no mapa.</p>
<h2>Controlos principais</h2>
<ul>
<li><p>Numa <strong>paragem</strong>, escolha a <strong>Linha</strong>; numa <strong>linha</strong>, escolha a <strong>Paragem</strong>.</p></li>
<li><p><strong>Data</strong>: o dia a consultar. Num dia fora do período do horário da rede, a página diz entre que datas ele vai e oferece-se para mostrar o dia mais próximo.</p></li>
<li><p><strong>Sentido</strong>: troca entre <strong>Ida</strong> e <strong>Volta</strong>.</p></li>
<li><p><strong>Próximas passagens</strong> e <strong>Todas as passagens</strong>: as horas do dia, agrupadas por hora. «+1» marca uma passagem já depois da meia-noite.</p></li>
<li><p><strong>Paragens da linha</strong>: a ordem das paragens, com a escolhida assinalada.</p></li>
</ul>
<h2>Tarefas comuns</h2>
<ol>
<li><p>Para saber o último metro de sábado, escolha a linha, mude a <strong>Data</strong> para o sábado e veja o fim de <strong>Todas as passagens</strong>.</p></li>
<li><p>Para ver a viagem de regresso, mude o <strong>Sentido</strong>.</p></li>
</ol>
<h2>Cuidados</h2>
<ul>
<li><p>«Horários ainda não disponíveis» quer dizer que ainda não foi importado nenhum ficheiro GTFS para o grupo deste sistema (Sistemas › Importar GTFS).</p></li>
<li><p>Os horários são os planeados: não incluem atrasos. As ocorrências que afetam a paragem aparecem no seu cartão no mapa.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Timetable of a stop or line',
      contents: `<p>The timetable shows the scheduled passings at a stop or along a line, from the GTFS feed imported for its group. Anyone can look at it; it opens from the card of a stop or line on the map.</p>
<h2>Main controls</h2>
<ul>
<li><p>For a <strong>stop</strong>, choose the <strong>Line</strong>; for a <strong>line</strong>, choose the <strong>Stop</strong>.</p></li>
<li><p><strong>Date</strong>: the day to look at. On a day outside the network's timetable, the page says between which dates it runs and offers to show the nearest day.</p></li>
<li><p><strong>Direction</strong>: switches between <strong>Outbound</strong> and <strong>Return</strong>.</p></li>
<li><p><strong>Next passings</strong> and <strong>All passings</strong>: the day's times, grouped by hour. “+1” marks a passing after midnight.</p></li>
<li><p><strong>Stops of the line</strong>: the order of the stops, with the chosen one marked.</p></li>
</ul>
<h2>Common tasks</h2>
<ol>
<li><p>To find Saturday's last train, choose the line, set the <strong>Date</strong> to the Saturday and look at the end of <strong>All passings</strong>.</p></li>
<li><p>To see the journey back, switch the <strong>Direction</strong>.</p></li>
</ol>
<h2>Pitfalls</h2>
<ul>
<li><p>“Schedules not yet available” means no GTFS feed has been imported for this system's group yet (Systems › Import GTFS).</p></li>
<li><p>Times are as scheduled: they do not include delays. Incidents affecting the stop show on its card on the map.</p></li>
</ul>`,
    },
  },
  {
    url: '/report',
    category: 'map',
    'pt-PT': {
      title: 'Acompanhar o pedido',
      contents: `<p>Esta página mostra o andamento de uma ocorrência que reportou. Chega-se a ela pelo endereço pessoal que recebeu no ecrã e por email ao registar o pedido; não precisa de iniciar sessão.</p>
<h2>O que mostra</h2>
<ul>
<li><p><strong>Pedido n.º</strong>: o número do seu pedido, para indicar se contactar a entidade.</p></li>
<li><p>Os passos: <strong>Pedido enviado</strong>, <strong>A aguardar análise</strong>, <strong>Analisado e aceite</strong> ou <strong>Analisado e não aceite</strong>, e depois <strong>Ocorrência em tratamento</strong> e <strong>Ocorrência resolvida</strong>.</p></li>
<li><p><strong>Entidade responsável</strong>: quem trata o pedido («Ainda por atribuir» enquanto ninguém o tem).</p></li>
<li><p><strong>Motivo</strong>: porque não foi aceite, quando é o caso.</p></li>
<li><p><strong>A ocorrência</strong>: quando aceite, a ocorrência criada, com <strong>Ver no mapa</strong> e as <strong>Atualizações</strong> públicas.</p></li>
</ul>
<h2>Cuidados</h2>
<ul>
<li><p>O endereço é pessoal: quem o tiver vê o andamento do pedido. Não o publique. A página nunca mostra o seu nome nem o seu email.</p></li>
<li><p>«Este endereço não corresponde a nenhum pedido» quer dizer, quase sempre, que o endereço não foi copiado por inteiro: use a ligação do email.</p></li>
<li><p>Para a equipa: os pedidos tratam-se em Ocorrências › Pedidos de ocorrência.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Following a report',
      contents: `<p>This page shows the progress of an occurrence you reported. You reach it through the personal address you got on screen and by email when the report was registered; there is no need to sign in.</p>
<h2>What it shows</h2>
<ul>
<li><p><strong>Report no.</strong>: your report's number, to quote if you contact the entity.</p></li>
<li><p>The steps: <strong>Report sent</strong>, <strong>Awaiting review</strong>, <strong>Reviewed and accepted</strong> or <strong>Reviewed and not accepted</strong>, then <strong>Occurrence being handled</strong> and <strong>Occurrence resolved</strong>.</p></li>
<li><p><strong>Responsible entity</strong>: who handles the report (“Not yet assigned” until someone does).</p></li>
<li><p><strong>Reason</strong>: why it was not accepted, when that is the case.</p></li>
<li><p><strong>The occurrence</strong>: once accepted, the incident it became, with <strong>See it on the map</strong> and its public <strong>Updates</strong>.</p></li>
</ul>
<h2>Pitfalls</h2>
<ul>
<li><p>The address is personal: whoever has it sees the report's progress. Do not publish it. The page never shows your name or email.</p></li>
<li><p>“This address matches no report” almost always means the address was not copied whole: use the link in the email.</p></li>
<li><p>For staff: reports are handled under Events › Event requests.</p></li>
</ul>`,
    },
  },
  {
    url: '/about',
    category: 'map',
    'pt-PT': {
      title: 'Sobre a plataforma',
      contents: `<p>A página Sobre mostra a versão da plataforma, o contacto de apoio e os dados que vêm com o produto, cada um com a sua licença. Qualquer pessoa a pode abrir.</p>
<h2>O que encontra</h2>
<ul>
<li><p><strong>Versão</strong>: indique-a sempre que pedir apoio.</p></li>
<li><p><strong>Apoio</strong>: o email para pedir ajuda. Se aparecer «Ainda não foi configurado um contacto de apoio», um administrador pode defini-lo em Configurações › Configuração.</p></li>
<li><p><strong>Dados fornecidos com o produto</strong>: a rede do Metro do Porto, as divisões administrativas de Portugal, a lista de países e os contornos do mapa base, com a origem e a licença de cada um.</p></li>
<li><p><strong>Dados usados pelos testes</strong>: ficheiros que só os testes automáticos usam e nunca entram na plataforma.</p></li>
</ul>
<h2>Cuidados</h2>
<ul>
<li><p>As datas do horário de demonstração do Metro do Porto foram avançadas para cobrirem o ano corrente: a descrição desses dados diz quantos anos.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'About the platform',
      contents: `<p>The About page shows the platform's version, the support contact and the data shipped with the product, each with its licence. Anyone can open it.</p>
<h2>What you find</h2>
<ul>
<li><p><strong>Version</strong>: quote it whenever you ask for support.</p></li>
<li><p><strong>Support</strong>: the email address to ask for help. If it reads “No support contact has been set up yet”, an administrator can set one under Settings › Configuration.</p></li>
<li><p><strong>Data shipped with the product</strong>: the Metro do Porto network, Portugal's administrative divisions, the country list and the base map outlines, each with its source and licence.</p></li>
<li><p><strong>Data used by the tests</strong>: files only the automated tests use; they never go into the platform.</p></li>
</ul>
<h2>Pitfalls</h2>
<ul>
<li><p>The demo Metro do Porto timetable has its dates moved forward to cover the current year: the description of that data says by how many years.</p></li>
</ul>`,
    },
  },
  {
    url: '/portal',
    category: 'map',
    'pt-PT': {
      title: 'Portal de aplicações',
      contents: `<p>O portal reúne as aplicações da plataforma: mapas verticais (o mapa público com o aspeto e os grupos de um serviço) e ligações para outros sítios.</p>
<h2>Como usar</h2>
<ul>
<li><p>Clique numa aplicação vertical para a abrir aqui mesmo, num endereço próprio (/app/…/).</p></li>
<li><p>As ligações externas e as aplicações geradas abrem num novo separador.</p></li>
<li><p>«Algumas aplicações só aparecem com sessão iniciada»: carregue em <strong>Iniciar sessão</strong> para ver também as reservadas à equipa.</p></li>
</ul>
<h2>Permissões</h2>
<ul>
<li><p>Visitantes veem as aplicações abertas a todos. Com sessão iniciada veem-se também as que exigem sessão e as destinadas ao tipo da sua entidade.</p></li>
<li><p>Quem tem WRITE_ROLE gere a lista em Configurações › Aplicações.</p></li>
</ul>
<h2>Cuidados</h2>
<ul>
<li><p>Se uma aplicação que conhece não aparece, pode exigir sessão ou estar limitada a outro tipo de entidade.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Applications portal',
      contents: `<p>The portal gathers the platform's applications: vertical apps (the public map with one service's look and groups) and links to other sites.</p>
<h2>How to use it</h2>
<ul>
<li><p>Click a vertical app to open it right here, at an address of its own (/app/…/).</p></li>
<li><p>External links and generated apps open in a new tab.</p></li>
<li><p>“Some applications are only listed once you sign in”: click <strong>Sign in</strong> to see the staff-only ones too.</p></li>
</ul>
<h2>Permissions</h2>
<ul>
<li><p>Visitors see the applications open to everyone. Signed in, you also see those that require signing in and those meant for your entity's type.</p></li>
<li><p>Holders of WRITE_ROLE manage the list under Settings › Applications.</p></li>
</ul>
<h2>Pitfalls</h2>
<ul>
<li><p>If an application you know is missing, it may require signing in or be limited to another entity type.</p></li>
</ul>`,
    },
  },
];
